import { describe, expect, it } from 'vitest';
import { drawPosterFrame, posterSize, posterTime } from './video-poster.ts';

describe('poster frames', () => {
  it('draws at 1 s, or a tenth of the way in for a clip under 10 s, or the start when the length is unknown', () => {
    expect(posterTime(120)).toBe(1);
    expect(posterTime(10)).toBe(1);
    expect(posterTime(2.5)).toBeCloseTo(0.25);
    expect(posterTime(Number.POSITIVE_INFINITY)).toBe(0);
    expect(posterTime(Number.NaN)).toBe(0);
  });

  it('keeps the video’s shape, no wider than the largest image variant', () => {
    expect(posterSize(160, 120)).toEqual({ width: 160, height: 120 });
    expect(posterSize(3840, 2160)).toEqual({ width: 1280, height: 720 });
    expect(posterSize(0, 0)).toBeNull();
  });

  it('gives no frame, and no error, where there is no page to draw on', async () => {
    await expect(drawPosterFrame(new Blob(['not a video']))).resolves.toBeNull();
  });
});
