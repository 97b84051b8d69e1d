import { describe, expect, it } from 'vitest';
import type { ThreadComment } from '../../../lib/api-types.ts';
import { addReply, appendReplies, graftChain, hiddenReplies, pathTo, removeComment, updateComment } from './thread-tree.ts';

const c = (id: number, replies: ThreadComment[] = [], extra: Partial<ThreadComment> = {}): ThreadComment => ({
  id,
  post: 1,
  body: `c${id}`,
  media_kind: null,
  media_url: null,
  media_items: [],
  author: 'a',
  author_color: '#000',
  created_at: '2026-01-01T00:00:00.000Z',
  upvote_count: 0,
  language: 'en',
  moderation_status: 'visible',
  safety_warning: null,
  removed_reason: null,
  parent: null,
  reply_count: replies.reduce((n, r) => n + 1 + r.reply_count, 0),
  upvoted: false,
  edited_at: null,
  deleted: false,
  replies,
  ...extra,
});

describe('thread tree', () => {
  const tree = () => [c(1, [c(2, [c(3)])]), c(4)];

  it('finds the path to a comment', () => {
    expect(pathTo(tree(), 3)).toEqual([1, 2, 3]);
    expect(pathTo(tree(), 9)).toBeNull();
  });

  it('adds a reply first under its parent and counts it on every ancestor', () => {
    const next = addReply(tree(), 2, c(5));
    expect(next[0].reply_count).toBe(3);
    expect(next[0].replies![0].reply_count).toBe(2);
    expect(next[0].replies![0].replies!.map((r) => r.id)).toEqual([5, 3]);
    expect(next[1]).toEqual(tree()[1]);
  });

  it('updates one comment', () => {
    const next = updateComment(tree(), 3, (n) => ({ ...n, upvote_count: 4, upvoted: true }));
    expect(next[0].replies![0].replies![0]).toMatchObject({ upvote_count: 4, upvoted: true });
  });

  it('keeps a deleted comment with replies as [deleted], drops a leaf, and drops a [deleted] parent left empty', () => {
    const kept = removeComment(tree(), 2);
    expect(kept[0].replies![0]).toMatchObject({ id: 2, deleted: true, body: '', author: '[deleted]', reply_count: 1 });
    expect(kept[0].reply_count).toBe(1);
    const leafGone = removeComment(kept, 3);
    expect(leafGone[0].replies).toEqual([]);
    expect(leafGone[0].reply_count).toBe(0);
    expect(removeComment(tree(), 4).map((n) => n.id)).toEqual([1]);
  });

  it('counts the replies not shown yet, and appends loaded ones without repeats', () => {
    const partial = [c(1, [c(2)], { reply_count: 5 })];
    expect(hiddenReplies(partial[0])).toBe(4);
    const more = appendReplies(partial, 1, [c(2), c(6), c(7)]);
    expect(more[0].replies!.map((r) => r.id)).toEqual([2, 6, 7]);
    expect(hiddenReplies(more[0])).toBe(2);
  });

  it('grafts a fetched chain under the deepest comment already shown, or on top', () => {
    const grafted = graftChain(tree(), [c(1), c(2), c(8), c(9)]);
    expect(pathTo(grafted, 9)).toEqual([1, 2, 8, 9]);
    expect(grafted[0].replies![0].replies!.map((r) => r.id)).toEqual([3, 8]);
    const onTop = graftChain(tree(), [c(10), c(11)]);
    expect(onTop.map((n) => n.id)).toEqual([10, 1, 4]);
    expect(pathTo(onTop, 11)).toEqual([10, 11]);
  });
});
