import { atom } from 'nanostores';
import { api } from '../../../lib/api-client.ts';
import type { Circle, Comment, CommentsResponse, Post } from '../../../lib/api-types.ts';
import { joinChannel } from '../../../stores/membership.store.ts';
import { applyJoinOutcome } from '../../../stores/membership.store.ts';
import { uploadKindOf } from '../media-types.ts';
import { appendNew } from '../../../lib/paged-list.ts';

export const COMMENT_EMPTY = 'Please enter a comment or select media.';
export const MEDIA_TYPE_ERROR = 'Please select an image or video file.';
export const COMMENT_FAILED = 'Failed to add comment. Please try again.';

export type ReadyDetail = {
  status: 'ready';
  post: Post;
  comments: Comment[];
  /** Comments on the server, for 'Show more comments'. */
  total: number;
  nextPage: number | null;
  loadingMore: boolean;
};
export type DetailState = { status: 'loading' } | { status: 'error' } | ReadyDetail;

export const $detail = atom<DetailState>({ status: 'loading' });
/** The post's community with its real member count, for the sidebar card. */
export const $community = atom<Circle | null>(null);

const nextPageOf = (next: string | null, page: number) => (next ? page + 1 : null);

async function fetchPage(postId: string, page: number) {
  return api<CommentsResponse>('/api/posts/comments/list/', { query: { post_id: postId, page } });
}

export async function loadPostDetail(postId: string): Promise<void> {
  $detail.set({ status: 'loading' });
  $community.set(null);
  try {
    const { post, comments } = await fetchPage(postId, 1);
    $detail.set({ status: 'ready', post, comments: comments.results, total: comments.count, nextPage: nextPageOf(comments.next, 1), loadingMore: false });
    void loadCommunity(post.circle.id);
  } catch (error) {
    console.error('Failed to load comments', error);
    $detail.set({ status: 'error' });
  }
}

async function loadCommunity(circleId: number) {
  try {
    $community.set(await api<Circle>('/api/circles/members/', { query: { circle_id: circleId } }));
  } catch (error) {
    console.error('Failed to load the community', error);
  }
}

/** Appends the next page of comments, skipping any already shown (new ones shift the pages). */
export async function loadMoreComments(postId: string): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready' || state.nextPage === null || state.loadingMore) return;
  $detail.set({ ...state, loadingMore: true });
  try {
    const { comments } = await fetchPage(postId, state.nextPage);
    const current = $detail.get() as ReadyDetail;
    $detail.set({
      ...current,
      comments: appendNew(current.comments, comments.results),
      nextPage: nextPageOf(comments.next, state.nextPage),
      loadingMore: false,
    });
  } catch (error) {
    console.error('Failed to load more comments', error);
    $detail.set({ ...($detail.get() as ReadyDetail), nextPage: null, loadingMore: false });
  }
}

/** A comment's one attachment: an image or a video the server takes (see ../media-types.ts), else null. */
export const mediaKindOf = (file: Pick<File, 'type' | 'name'>): 'image' | 'video' | null => uploadKindOf(file);

/** Spec section 5: a comment needs text or media. */
export const isCommentEmpty = (text: string, file: File | null) => text.trim() === '' && file === null;

export function buildCommentBody(postId: number, text: string, file: File | null): Record<string, unknown> | FormData {
  // The spec's payload is {post, body, media_kind}; without a file the kind is null.
  if (!file) return { post: postId, body: text.trim(), media_kind: null };
  const form = new FormData();
  form.append('post', String(postId));
  form.append('body', text.trim());
  form.append('media_kind', mediaKindOf(file) ?? '');
  form.append('media', file, file.name);
  return form;
}

/** A new comment goes on top and both counts rise by one (spec section 4). */
export function withNewComment(state: ReadyDetail, comment: Comment): ReadyDetail {
  return {
    ...state,
    post: { ...state.post, comment_count: state.post.comment_count + 1 },
    comments: [comment, ...state.comments.filter((c) => c.id !== comment.id)],
    total: state.total + 1,
  };
}

/** Posts the comment and shows it; throws when the server refuses. */
export async function addComment(text: string, file: File | null): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  const comment = await api<Comment>('/api/posts/comments/', { method: 'POST', body: buildCommentBody(state.post.id, text, file) });
  const current = $detail.get();
  if (current.status === 'ready') $detail.set(withNewComment(current, comment));
}

/** The sidebar's Join Community button: joins for real, with the spec's toasts. */
export async function joinCommunity(): Promise<void> {
  const circle = $community.get();
  if (!circle) return;
  const outcome = await joinChannel(circle.name);
  const current = $community.get();
  if (current) $community.set(applyJoinOutcome(current, outcome));
}
