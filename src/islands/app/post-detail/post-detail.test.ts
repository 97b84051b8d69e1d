import { describe, expect, it } from 'vitest';
import type { Comment, Post } from '../../../lib/api-types.ts';
import { buildCommentBody, isCommentEmpty, mediaKindOf, withNewComment, type ReadyDetail } from './post-detail.store.ts';

const png = new File([new Uint8Array([1])], 'a.png', { type: 'image/png' });
const mp4 = new File([new Uint8Array([1])], 'b.mp4', { type: 'video/mp4' });
const pdf = new File([new Uint8Array([1])], 'c.pdf', { type: 'application/pdf' });

const comment = (id: number): Comment => ({
  id,
  post: 7,
  body: `c${id}`,
  media_kind: null,
  media_url: null,
  media_items: [],
  author: 'a',
  author_color: '#000',
  created_at: new Date().toISOString(),
  upvote_count: 0,
  language: 'en',
  moderation_status: 'visible',
  safety_warning: null,
  removed_reason: null,
  parent: null,
  reply_count: 0,
  upvoted: false,
  edited_at: null,
  deleted: false,
});
const post = { id: 7, comment_count: 2 } as Post;

describe('comment input (spec section 5)', () => {
  it('is empty only without text and without media', () => {
    expect(isCommentEmpty('  \n', null)).toBe(true);
    expect(isCommentEmpty('hi', null)).toBe(false);
    expect(isCommentEmpty('', png)).toBe(false);
  });

  it('accepts one image or video and nothing else', () => {
    expect(mediaKindOf(png)).toBe('image');
    expect(mediaKindOf(mp4)).toBe('video');
    expect(mediaKindOf(pdf)).toBeNull();
  });

  it('refuses images and videos the server does not take, and goes by the extension when the type is missing', () => {
    expect(mediaKindOf(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(mediaKindOf(new File(['x'], 'IMG_1.HEIC', { type: 'image/heic' }))).toBeNull();
    expect(mediaKindOf(new File(['x'], 'clip.mov', { type: 'video/quicktime' }))).toBeNull();
    expect(mediaKindOf(new File(['x'], 'photo.JPG', { type: '' }))).toBe('image');
    expect(mediaKindOf(new File(['x'], 'clip.mp4', { type: '' }))).toBe('video');
    expect(mediaKindOf(new File(['x'], 'notes', { type: '' }))).toBeNull();
  });

  it('sends text as JSON and media as multipart with its kind', () => {
    expect(buildCommentBody(7, ' hello ', null)).toEqual({ post: 7, body: 'hello', media_kind: null });
    const form = buildCommentBody(7, '', mp4) as FormData;
    expect(form.get('post')).toBe('7');
    expect(form.get('media_kind')).toBe('video');
    expect((form.get('media') as File).name).toBe('b.mp4');
    expect(form.get('poster')).toBeNull();
  });

  it('sends a video’s poster frame after it, and never one beside an image', () => {
    const frame = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });
    const form = buildCommentBody(7, '', mp4, null, frame) as FormData;
    expect([...form.keys()].slice(-2)).toEqual(['media', 'poster']);
    const picture = buildCommentBody(7, '', new File(['x'], 'a.png', { type: 'image/png' }), null, frame) as FormData;
    expect(picture.get('poster')).toBeNull();
  });
});

describe('withNewComment (spec section 4)', () => {
  it('prepends the comment and raises both counts by one', () => {
    const state: ReadyDetail = {
      status: 'ready',
      post,
      comments: [comment(1), comment(2)],
      sort: 'best',
      thread: null,
      highlight: null,
      total: 2,
      nextPage: null,
      cursor: null,
      loadingMore: false,
    };
    const next = withNewComment(state, comment(3));
    expect(next.comments.map((c) => c.id)).toEqual([3, 1, 2]);
    expect(next.post.comment_count).toBe(3);
    expect(next.total).toBe(3);
  });
});

describe('a comment image’s description', () => {
  it('goes beside the image as `alt`, and never beside a video', async () => {
    const { buildCommentBody } = await import('./post-detail.store.ts');
    const form = buildCommentBody(7, 'look', png, null, null, ' A lake ') as FormData;
    expect(form.get('alt')).toBe('A lake');
    expect((buildCommentBody(7, 'look', mp4, null, null, 'A lake') as FormData).get('alt')).toBeNull();
    expect((buildCommentBody(7, 'look', png) as FormData).get('alt')).toBeNull();
  });
});
