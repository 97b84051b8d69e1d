import { describe, expect, it } from 'vitest';
import { mediaNamesIn } from './uploads-service.ts';

describe('mediaNamesIn', () => {
  it('finds the file names of /media/ URLs in lists and HTML', () => {
    expect(mediaNamesIn('/media/a1.png /media/b-2.mp4')).toEqual(['a1.png', 'b-2.mp4']);
    expect(mediaNamesIn('<p><img src="http://x.in/media/c_3.webp"></p>')).toEqual(['c_3.webp']);
  });

  it('never yields a path outside the media folder', () => {
    expect(mediaNamesIn('/media/../secret /media/.hidden /other/d.png')).toEqual([]);
  });
});
