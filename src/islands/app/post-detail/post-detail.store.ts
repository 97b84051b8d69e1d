import { atom } from 'nanostores';
import type { UploadTracker } from '../../../lib/upload-tracker.ts';
import { api } from '../../../lib/browser/api-client.ts';
import type {
  Circle,
  Comment,
  CommentSort,
  CommentsResponse,
  ListedComment,
  Paged,
  Post,
  ThreadComment,
  UpvoteResult,
} from '../../../lib/api-types.ts';
import { toast } from '../../../lib/toast.ts';
import { addReply as addReplyToTree, appendReplies, findIn, graftChain, removeComment, updateComment } from './thread-tree.ts';
import { joinChannel } from '../../../stores/membership.store.ts';
import { applyJoinOutcome } from '../../../stores/membership.store.ts';
import { uploadKindOf } from '../common/media-types.ts';
import { POSTER_FILE_NAME, posterFrameOf } from '../../../lib/browser/video-poster.ts';
import { appendNew, cursorOf, pageQuery } from '../../../lib/paged-list.ts';
import { translator } from '../../../lib/i18n.ts';
import { $lang } from '../../../stores/lang.store.ts';

/** The catalog keys of the comment box's messages (postDetail.*). */
export const COMMENT_EMPTY = 'postDetail.commentEmpty';
export const MEDIA_TYPE_ERROR = 'postDetail.mediaTypeError';
export const COMMENT_FAILED = 'postDetail.commentFailed';

export const COMMENT_SORTS: readonly CommentSort[] = ['best', 'new', 'top'];
const say = (key: string) => translator($lang.get())(key);
export const isCommentSort = (value: string | null): value is CommentSort => value === 'best' || value === 'new' || value === 'top';

export type ReadyDetail = {
  status: 'ready';
  post: Post;
  /** Top-level comments with their replies nested (or, in a thread view, the one comment the thread continues from). */
  comments: ThreadComment[];
  sort: CommentSort;
  /** The comment a "Continue this thread" view starts from (`?thread=`); null on the whole post. */
  thread: number | null;
  /** The comment a shared link pointed at, highlighted once shown. */
  highlight: number | null;
  /** Comments on the server, for 'Show more comments'. */
  total: number;
  nextPage: number | null;
  /** The cursor of the last `next` link: pages past the 50th are found by it (lib/paged-list.ts). */
  cursor: string | null;
  loadingMore: boolean;
};
export type DetailState = { status: 'loading' } | { status: 'error' } | ReadyDetail;

export const $detail = atom<DetailState>({ status: 'loading' });
/** The post's community with its real member count, for the sidebar card. */
export const $community = atom<Circle | null>(null);

const nextPageOf = (next: string | null, page: number) => (next ? page + 1 : null);

/** A page of top-level comments: the first, or the one after the loaded ones (its number and the `next` link's cursor). */
async function fetchPage(postId: string, page: number, sort: CommentSort = 'best', cursor: string | null = null) {
  return api<CommentsResponse>('/api/posts/comments/list/', { query: { post_id: postId, ...pageQuery({ page, cursor }), sort } });
}

const fetchComment = (id: number, sort: CommentSort = 'best') => api<ListedComment>(`/api/posts/comments/${id}/`, { query: { sort } });

export type DetailOptions = { sort?: CommentSort; thread?: number | null; highlight?: number | null };

/**
 * Loads the post and its first page of comments in the chosen order; with `thread`, only that comment and the
 * replies below it ("Continue this thread"); with `highlight`, reveals a shared comment however deep it is.
 */
export async function loadPostDetail(postId: string, options: DetailOptions = {}): Promise<void> {
  const sort = options.sort ?? 'best';
  const thread = options.thread ?? null;
  $detail.set({ status: 'loading' });
  $community.set(null);
  try {
    const { post, comments } = await fetchPage(postId, 1, sort);
    const ready: ReadyDetail = {
      status: 'ready',
      post,
      comments: comments.results,
      sort,
      thread,
      highlight: null,
      total: comments.count,
      nextPage: nextPageOf(comments.next, 1),
      cursor: cursorOf(comments.next),
      loadingMore: false,
    };
    if (thread !== null) {
      const root = await fetchComment(thread, sort);
      Object.assign(ready, { comments: [root], total: 1, nextPage: null, cursor: null });
    }
    $detail.set(ready);
    void loadCommunity(post.circle.id);
    if (options.highlight) await revealComment(options.highlight);
  } catch (error) {
    console.error('Failed to load comments', error);
    $detail.set({ status: 'error' });
  }
}

/** Changes the comments' order, in the URL too (`?sort=`), and loads them again from the first page. */
export async function setCommentSort(sort: CommentSort): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready' || state.sort === sort) return;
  const url = new URL(window.location.href);
  if (sort === 'best') url.searchParams.delete('sort');
  else url.searchParams.set('sort', sort);
  window.history.replaceState(null, '', url);
  try {
    if (state.thread !== null) {
      $detail.set({ ...state, sort, comments: [await fetchComment(state.thread, sort)] });
      return;
    }
    const { comments } = await fetchPage(String(state.post.id), 1, sort);
    $detail.set({
      ...($detail.get() as ReadyDetail),
      sort,
      comments: comments.results,
      total: comments.count,
      nextPage: nextPageOf(comments.next, 1),
      cursor: cursorOf(comments.next),
    });
  } catch (error) {
    console.error('Failed to sort comments', error);
    void toast(say('postDetail.commentsLoadFailed'), 'error');
  }
}

/**
 * Shows a comment a link points at (`#comment-{id}`): when it is not on the page, fetches it and its parents up to
 * one that is (or to its top-level comment) and hangs the chain in place; then highlights it.
 */
export async function revealComment(id: number): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  if (!findIn(state.comments, id)) {
    const chain: ThreadComment[] = [];
    let next: number | null = id;
    for (let steps = 0; next !== null && steps < 100; steps++) {
      const link: ListedComment = await fetchComment(next, state.sort);
      chain.unshift(link);
      if (findIn(($detail.get() as ReadyDetail).comments, link.id)) break;
      next = link.parent;
    }
    const current = $detail.get() as ReadyDetail;
    $detail.set({ ...current, comments: graftChain(current.comments, chain) });
  }
  $detail.set({ ...($detail.get() as ReadyDetail), highlight: id });
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
    const { comments } = await fetchPage(postId, state.nextPage, state.sort, state.cursor);
    const current = $detail.get() as ReadyDetail;
    $detail.set({
      ...current,
      comments: appendNew(current.comments, comments.results),
      nextPage: nextPageOf(comments.next, state.nextPage),
      cursor: cursorOf(comments.next),
      loadingMore: false,
    });
  } catch (error) {
    console.error('Failed to load more comments', error);
    $detail.set({ ...($detail.get() as ReadyDetail), nextPage: null, loadingMore: false });
  }
}

/** A comment's one attachment: an image or a video the server takes (see ../common/media-types.ts), else null. */
export const mediaKindOf = (file: Pick<File, 'type' | 'name'>): 'image' | 'video' | null => uploadKindOf(file);

/** Spec section 5: a comment needs text or media. */
export const isCommentEmpty = (text: string, file: File | null) => text.trim() === '' && file === null;

/** A video's poster frame follows it as `poster`, when one was drawn. */
export function buildCommentBody(
  postId: number,
  text: string,
  file: File | null,
  parent: number | null = null,
  poster: Blob | null = null,
  alt = '',
): Record<string, unknown> | FormData {
  // The spec's payload is {post, body, media_kind}; without a file the kind is null. A reply adds its parent.
  if (!file) return { post: postId, body: text.trim(), media_kind: null, ...(parent !== null ? { parent } : {}) };
  const form = new FormData();
  form.append('post', String(postId));
  if (parent !== null) form.append('parent', String(parent));
  form.append('body', text.trim());
  form.append('media_kind', mediaKindOf(file) ?? '');
  form.append('media', file, file.name);
  if (poster && mediaKindOf(file) === 'video') form.append('poster', poster, POSTER_FILE_NAME);
  // The image's description, beside it (its alt text).
  if (alt.trim() && mediaKindOf(file) === 'image') form.append('alt', alt.trim());
  return form;
}

/** The poster frame of a comment's video (drawn when it was picked), or null. */
const posterFor = async (file: File | null) => (file && mediaKindOf(file) === 'video' ? posterFrameOf(file) : null);

/** A new comment goes on top and both counts rise by one (spec section 4). */
export function withNewComment(state: ReadyDetail, comment: Comment): ReadyDetail {
  return {
    ...state,
    post: { ...state.post, comment_count: state.post.comment_count + 1 },
    comments: [{ ...comment, replies: [] }, ...state.comments.filter((c) => c.id !== comment.id)],
    total: state.total + 1,
  };
}

/** Posts the comment and shows it; throws when the server refuses. */
/** Sends a comment: with a file through the box's upload tracker (progress and Cancel), else as JSON. */
function sendComment(body: Record<string, unknown> | FormData, upload?: UploadTracker): Promise<Comment> {
  if (body instanceof FormData && upload) return upload.send<Comment>('/api/posts/comments/', body);
  return api<Comment>('/api/posts/comments/', { method: 'POST', body });
}

export async function addComment(text: string, file: File | null, upload?: UploadTracker, alt = ''): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  const poster = await posterFor(file);
  const comment = await sendComment(buildCommentBody(state.post.id, text, file, null, poster, alt), upload);
  const current = $detail.get();
  if (current.status === 'ready') $detail.set(withNewComment(current, comment));
}

/** Posts a reply under `parentId` and shows it first below its parent; throws when the server refuses. */
export async function addReply(parentId: number, text: string, file: File | null, upload?: UploadTracker, alt = ''): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  const poster = await posterFor(file);
  const reply = await sendComment(buildCommentBody(state.post.id, text, file, parentId, poster, alt), upload);
  const current = $detail.get();
  if (current.status !== 'ready') return;
  $detail.set({
    ...current,
    post: { ...current.post, comment_count: current.post.comment_count + 1 },
    comments: addReplyToTree(current.comments, parentId, reply),
  });
}

/** Upvotes a comment, or takes the upvote back; the count is the server's answer. */
export async function toggleUpvote(comment: Comment): Promise<void> {
  try {
    const result = await api<UpvoteResult>('/api/posts/comments/upvotes/', {
      method: comment.upvoted ? 'DELETE' : 'POST',
      query: { comment_id: comment.id },
    });
    const current = $detail.get();
    if (current.status !== 'ready') return;
    $detail.set({
      ...current,
      comments: updateComment(current.comments, comment.id, (node) => ({
        ...node,
        upvoted: result.upvoted,
        upvote_count: result.upvote_count,
      })),
    });
  } catch (error) {
    console.error('Failed to upvote', error);
    void toast(say('postDetail.voteFailed'), 'error');
  }
}

/** Saves the author's new text of a comment; throws when the server refuses. */
export async function editComment(id: number, body: string): Promise<void> {
  const updated = await api<Comment>(`/api/posts/comments/${id}/`, { method: 'PATCH', body: { body: body.trim() } });
  const current = $detail.get();
  if (current.status !== 'ready') return;
  $detail.set({ ...current, comments: updateComment(current.comments, id, (node) => ({ ...node, ...updated, replies: node.replies })) });
}

/** Deletes the author's comment: "[deleted]" while replies hang below it, else gone; the post counts one fewer. */
export async function deleteComment(id: number): Promise<void> {
  await api(`/api/posts/comments/${id}/`, { method: 'DELETE' });
  const current = $detail.get();
  if (current.status !== 'ready') return;
  const top = current.comments.find((c) => c.id === id);
  $detail.set({
    ...current,
    post: { ...current.post, comment_count: Math.max(0, current.post.comment_count - 1) },
    comments: removeComment(current.comments, id),
    total: top && top.reply_count === 0 ? current.total - 1 : current.total,
  });
}

/** Loads more replies of a comment (the next page of its direct replies) below the ones shown. */
export async function loadMoreReplies(id: number): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  const node = findIn(state.comments, id);
  const shown = node?.replies?.length ?? 0;
  try {
    const page = Math.floor(shown / 10) + 1;
    const replies = await api<Paged<ListedComment>>(`/api/posts/comments/${id}/replies/`, { query: { sort: state.sort, page } });
    const current = $detail.get() as ReadyDetail;
    $detail.set({ ...current, comments: appendReplies(current.comments, id, replies.results) });
  } catch (error) {
    console.error('Failed to load replies', error);
    void toast(say('postDetail.repliesLoadFailed'), 'error');
  }
}

/** Saves the author's new title and text; throws when the server refuses. */
export async function editPost(title: string, description: string): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  const post = await api<Post>(`/api/posts/${state.post.id}/`, { method: 'PATCH', body: { title: title.trim(), description } });
  const current = $detail.get();
  if (current.status === 'ready') $detail.set({ ...current, post });
}

/** Deletes the author's post for good. */
export async function deletePost(): Promise<void> {
  const state = $detail.get();
  if (state.status !== 'ready') return;
  await api(`/api/posts/${state.post.id}/`, { method: 'DELETE' });
}

/** The sidebar's Join Community button: joins for real, with the spec's toasts. */
export async function joinCommunity(): Promise<void> {
  const circle = $community.get();
  if (!circle) return;
  const outcome = await joinChannel(circle.name);
  const current = $community.get();
  if (current) $community.set(applyJoinOutcome(current, outcome));
}
