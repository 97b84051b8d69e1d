import type { ThreadComment } from '../../../lib/api-types.ts';

/**
 * Pure edits of a comment tree as the post page holds it (top-level comments with their replies nested), so the
 * store stays a list of small steps and each rule has a unit test. Every function returns a new tree.
 */

/** How many levels the page indents (the API's THREAD_DEPTH); deeper replies open under "Continue this thread". */
export const THREAD_DEPTH = 6;

/** The path of ids from a top-level comment down to `id`, or null when it is not in the tree. */
export function pathTo(tree: readonly ThreadComment[], id: number): number[] | null {
  for (const node of tree) {
    if (node.id === id) return [node.id];
    const below = pathTo(node.replies ?? [], id);
    if (below) return [node.id, ...below];
  }
  return null;
}

export function findIn(tree: readonly ThreadComment[], id: number): ThreadComment | null {
  for (const node of tree) {
    if (node.id === id) return node;
    const below = findIn(node.replies ?? [], id);
    if (below) return below;
  }
  return null;
}

/** `change` applied to the comment `id` and `ancestor` to each comment above it. */
function mapPath(
  tree: readonly ThreadComment[],
  id: number,
  change: (node: ThreadComment) => ThreadComment | null,
  ancestor: (node: ThreadComment) => ThreadComment = (node) => node,
): ThreadComment[] {
  const out: ThreadComment[] = [];
  for (const node of tree) {
    if (node.id === id) {
      const changed = change(node);
      if (changed) out.push(changed);
    } else if (node.replies && pathTo(node.replies, id)) {
      out.push(ancestor({ ...node, replies: mapPath(node.replies, id, change, ancestor) }));
    } else out.push(node);
  }
  return out;
}

/** A new reply under `parentId`, first among its siblings; every ancestor counts one more reply. */
export function addReply(tree: readonly ThreadComment[], parentId: number, reply: ThreadComment): ThreadComment[] {
  return mapPath(
    tree,
    parentId,
    (node) => ({ ...node, reply_count: node.reply_count + 1, replies: [reply, ...(node.replies ?? []).filter((r) => r.id !== reply.id)] }),
    (node) => ({ ...node, reply_count: node.reply_count + 1 }),
  );
}

/** The comment `id` replaced by what `update` makes of it (an edit, an upvote). */
export function updateComment(tree: readonly ThreadComment[], id: number, update: (node: ThreadComment) => ThreadComment): ThreadComment[] {
  return mapPath(tree, id, update);
}

/**
 * A comment its author deleted: with replies it stays as "[deleted]", without it leaves; each ancestor counts one
 * reply fewer, and a deleted ancestor left with no replies leaves too (the server no longer lists it).
 */
export function removeComment(tree: readonly ThreadComment[], id: number): ThreadComment[] {
  const path = pathTo(tree, id);
  if (!path) return [...tree];
  let next = mapPath(
    tree,
    id,
    (node) =>
      node.reply_count > 0
        ? { ...node, deleted: true, body: '', media_url: null, media_kind: null, media_poster: undefined, author: '[deleted]' }
        : null,
    (node) => ({ ...node, reply_count: node.reply_count - 1 }),
  );
  for (const ancestorId of path.slice(0, -1).reverse()) {
    const ancestor = findIn(next, ancestorId);
    if (ancestor && ancestor.deleted && ancestor.reply_count === 0) next = mapPath(next, ancestorId, () => null);
  }
  return next;
}

/** Replies below `node` the page does not hold yet: its reply_count less the shown replies and theirs. */
export function hiddenReplies(node: ThreadComment): number {
  const shown = (node.replies ?? []).reduce((sum, reply) => sum + reply.reply_count + (reply.deleted ? 0 : 1), 0);
  return Math.max(0, node.reply_count - shown);
}

/** Replies fetched for `parentId` added after the ones shown (a repeat is dropped). */
export function appendReplies(tree: readonly ThreadComment[], parentId: number, replies: readonly ThreadComment[]): ThreadComment[] {
  return mapPath(tree, parentId, (node) => {
    const shown = new Set((node.replies ?? []).map((r) => r.id));
    return { ...node, replies: [...(node.replies ?? []), ...replies.filter((r) => !shown.has(r.id))] };
  });
}

/**
 * Grafts a chain of comments (top-most first, each the parent of the next, as fetched for a shared link) into the
 * tree: the first one already in the tree (or a new top-level comment) receives the rest below it.
 */
export function graftChain(tree: readonly ThreadComment[], chain: readonly ThreadComment[]): ThreadComment[] {
  if (chain.length === 0) return [...tree];
  const nest = (links: readonly ThreadComment[]): ThreadComment => {
    const [head, ...rest] = links;
    if (rest.length === 0) return head;
    const child = nest(rest);
    return { ...head, replies: [child, ...(head.replies ?? []).filter((r) => r.id !== child.id)] };
  };
  // The deepest link already shown is where the rest hangs.
  let anchorIndex = -1;
  chain.forEach((link, index) => {
    if (findIn(tree, link.id)) anchorIndex = index;
  });
  if (anchorIndex === -1) return [nest(chain), ...tree];
  if (anchorIndex === chain.length - 1) return [...tree];
  const below = nest(chain.slice(anchorIndex + 1));
  return appendReplies(tree, chain[anchorIndex].id, [below]);
}
