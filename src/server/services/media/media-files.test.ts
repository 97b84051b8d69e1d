import { describe, expect, it } from 'vitest';
import { mediaNamesIn } from './media-files.ts';

describe('mediaNamesIn', () => {
  it('finds the file names of /media/ URLs in lists and HTML', () => {
    expect(mediaNamesIn('/media/a1.png /media/b-2.mp4')).toEqual(['a1.png', 'b-2.mp4']);
    expect(mediaNamesIn('<p><img src="http://x.in/media/c_3.webp"></p>')).toEqual(['c_3.webp']);
  });

  it('keeps a private circle’s media in its private/ folder', () => {
    expect(mediaNamesIn('/media/private/e4.jpg?expires=1&signature=x')).toEqual(['private/e4.jpg']);
  });

  it('never yields a path outside the media folder', () => {
    expect(mediaNamesIn('/media/../secret /media/.hidden /other/d.png')).toEqual([]);
  });
});
