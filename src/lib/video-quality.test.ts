import { describe, expect, it } from 'vitest';
import { chosenRendition } from './video-quality.ts';

const renditions = [720, 240, 360].map((height) => ({ height, url: `/media/v-${height}p.mp4`, bytes: height * 1000 }));

describe('chosenRendition', () => {
  it('takes the smallest under data saver, when the connection saves data, and on 2G', () => {
    expect(chosenRendition(renditions, true, undefined)?.height).toBe(240);
    expect(chosenRendition(renditions, false, { saveData: true, effectiveType: '4g' })?.height).toBe(240);
    expect(chosenRendition(renditions, false, { effectiveType: '2g' })?.height).toBe(240);
    expect(chosenRendition(renditions, false, { effectiveType: 'slow-2g' })?.height).toBe(240);
  });

  it('takes 360p on 3G and the largest on a fast connection or when the browser does not say', () => {
    expect(chosenRendition(renditions, false, { effectiveType: '3g' })?.height).toBe(360);
    expect(chosenRendition(renditions, false, { effectiveType: '4g' })?.height).toBe(720);
    expect(chosenRendition(renditions, false, undefined)?.height).toBe(720);
    expect(chosenRendition([renditions[1]], false, { effectiveType: '3g' })?.height).toBe(240);
    expect(chosenRendition([], true, undefined)).toBeNull();
  });
});
