import { map } from 'nanostores';
import { api, ApiError } from '../lib/browser/api-client.ts';
import type { Post } from '../lib/api-types.ts';
import { openLogin } from './login.store.ts';
import { hasToken } from './session.store.ts';

/** A post's like/dislike state, as the likes and dislikes endpoints answer it. */
export type Reaction = Pick<Post, 'liked' | 'disliked' | 'like_count' | 'dislike_count'>;
export type ReactionKind = 'like' | 'dislike';

/** Reactions changed on this page, by post id; they override the post as it was loaded (card and detail share it). */
export const $reactions = map<Record<string, Reaction>>({});
const busy = new Set<number>();

export function reactionOf(post: Pick<Post, 'id'> & Reaction, changed: Record<string, Reaction> = $reactions.get()): Reaction {
  const { liked, disliked, like_count, dislike_count } = changed[post.id] ?? post;
  return { liked, disliked, like_count, dislike_count };
}

const PATH: Record<ReactionKind, string> = { like: '/api/posts/likes/', dislike: '/api/posts/dislikes/' };

/**
 * Like or dislike (mutually exclusive on the server); clicking the active one undoes it with DELETE.
 * The counts come from the answer. Signed out, the login modal opens; other failures are only logged.
 */
export async function toggleReaction(post: Pick<Post, 'id'> & Reaction, kind: ReactionKind): Promise<void> {
  if (!hasToken()) {
    openLogin();
    return;
  }
  if (busy.has(post.id)) return;
  const current = reactionOf(post);
  const active = kind === 'like' ? current.liked : current.disliked;
  busy.add(post.id);
  try {
    const answer = await api<Reaction & { post_id: number }>(PATH[kind], {
      method: active ? 'DELETE' : 'POST',
      query: { post_id: post.id },
    });
    $reactions.setKey(String(post.id), {
      liked: answer.liked,
      disliked: answer.disliked,
      like_count: answer.like_count,
      dislike_count: answer.dislike_count,
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) openLogin();
    else console.error(`Failed to ${active ? 'undo' : 'send'} ${kind}`, error);
  } finally {
    busy.delete(post.id);
  }
}
