import { describe, expect, it } from 'vitest';
import { channelHref, mediaOf, overflowLabel, postHref } from './media.ts';
import { readableOn } from '../../shell/avatar-colors.ts';

describe('media grid rules', () => {
  it("labels the last small tile '+N more' beyond 3 items, 'View post' at exactly 3, nothing below", () => {
    expect(overflowLabel(1)).toBeNull();
    expect(overflowLabel(2)).toBeNull();
    expect(overflowLabel(3)).toBe('View post');
    expect(overflowLabel(4)).toBe('+1 more');
    expect(overflowLabel(9)).toBe('+6 more');
  });

  it('lists images before videos', () => {
    expect(mediaOf({ images: ['/media/a.png'], videos: ['/media/b.mp4'] })).toEqual([
      { kind: 'image', url: '/media/a.png' },
      { kind: 'video', url: '/media/b.mp4' },
    ]);
  });

  it('links to the post and to the channel by name', () => {
    expect(postHref(12)).toBe('/home/comments/12');
    expect(channelHref('Science Hub')).toBe('/home/channel-page?key=Science%20Hub');
  });
});

describe('avatar text colour', () => {
  it('picks white on dark colours and near-black on light ones', () => {
    expect(readableOn('#047857')).toBe('#ffffff');
    expect(readableOn('#fde68a')).toBe('#1c1917');
    expect(readableOn('not a colour')).toBe('#ffffff');
  });
});
