import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, posts, users } from '../../db/schema/index.ts';
import { notFound } from '../../platform/errors.ts';
import { MEDIA_URL_PREFIX, mediaNamesIn, type MediaRemoval } from './media-files.ts';
import { postersOf } from './video-posters.ts';

export type Upload = { name: string; url: string; post_id: number | null; comment_id: number | null };

/** Every file the member uploaded that is still in use: their posts' images, videos and poster frames, their comments' media. */
export async function listUploads(db: Db, userId: number): Promise<Upload[]> {
  const uploads: Upload[] = [];
  const ownPosts = await db
    .select({ id: posts.id, images: posts.images, videos: posts.videos, videoPosters: posts.videoPosters })
    .from(posts)
    .where(eq(posts.authorId, userId));
  for (const p of ownPosts) {
    for (const name of mediaNamesIn([...p.images, ...p.videos, ...postersOf(p.videoPosters)].join(' '))) {
      uploads.push({ name, url: `${MEDIA_URL_PREFIX}${name}`, post_id: p.id, comment_id: null });
    }
  }
  const ownComments = await db
    .select({ id: comments.id, postId: comments.postId, mediaUrl: comments.mediaUrl, mediaPoster: comments.mediaPoster })
    .from(comments)
    .where(eq(comments.authorId, userId));
  for (const c of ownComments) {
    for (const name of mediaNamesIn(`${c.mediaUrl ?? ''} ${c.mediaPoster ?? ''}`))
      uploads.push({ name, url: `${MEDIA_URL_PREFIX}${name}`, post_id: c.postId, comment_id: c.id });
  }
  const [user] = await db.select({ profileImage: users.profileImage }).from(users).where(eq(users.id, userId));
  for (const name of mediaNamesIn(user?.profileImage ?? ''))
    uploads.push({ name, url: `${MEDIA_URL_PREFIX}${name}`, post_id: null, comment_id: null });
  return uploads;
}

/**
 * Deletes one of the member's uploads: it leaves the post or comment that showed it (the writing stays) and the file
 * (with its variants) leaves the media store; a video takes its poster frame with it, and a poster frame leaves its
 * video without one. Another member's file, or a name nobody uses, is a 404.
 */
export async function deleteUpload(db: Db, removeMedia: MediaRemoval, userId: number, name: string): Promise<void> {
  const url = `${MEDIA_URL_PREFIX}${name}`;
  const { found, posterUrls } = await db.transaction(async (tx) => {
    // A deleted video's poster frame goes with it: read before the rows forget it.
    const postPosters = await tx
      .select({ poster: sql<string>`${posts.videoPosters} ->> ${url}::text` })
      .from(posts)
      .where(and(eq(posts.authorId, userId), sql`(${posts.videoPosters} ->> ${url}::text) is not null`));
    const commentPosters = await tx
      .select({ poster: comments.mediaPoster })
      .from(comments)
      .where(and(eq(comments.authorId, userId), eq(comments.mediaUrl, url), sql`${comments.mediaPoster} is not null`));
    const inPosts = await tx
      .update(posts)
      .set({
        images: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${posts.images}) e where e <> to_jsonb(${url}::text)), '[]'::jsonb)`,
        videos: sql`coalesce((select jsonb_agg(e) from jsonb_array_elements(${posts.videos}) e where e <> to_jsonb(${url}::text)), '[]'::jsonb)`,
        videoPosters: sql`coalesce((select jsonb_object_agg(key, value) from jsonb_each_text(${posts.videoPosters}) where key <> ${url}::text and value <> ${url}::text), '{}'::jsonb)`,
        // The words read from its images go with any of them (they are kept as one text).
        imageText: sql`case when ${posts.images} @> jsonb_build_array(${url}::text) then null else ${posts.imageText} end`,
      })
      .where(
        and(
          eq(posts.authorId, userId),
          or(
            sql`${posts.images} @> jsonb_build_array(${url}::text)`,
            sql`${posts.videos} @> jsonb_build_array(${url}::text)`,
            sql`exists (select 1 from jsonb_each_text(${posts.videoPosters}) where value = ${url}::text)`,
          ),
        ),
      )
      .returning({ id: posts.id });
    const inComments = await tx
      .update(comments)
      .set({ mediaUrl: null, mediaKind: null, mediaPoster: null, imageText: null })
      .where(and(eq(comments.authorId, userId), eq(comments.mediaUrl, url)))
      .returning({ id: comments.id });
    const asPoster = await tx
      .update(comments)
      .set({ mediaPoster: null })
      .where(and(eq(comments.authorId, userId), eq(comments.mediaPoster, url)))
      .returning({ id: comments.id });
    const asPicture = await tx
      .update(users)
      .set({ profileImage: null })
      .where(and(eq(users.id, userId), eq(users.profileImage, url)))
      .returning({ id: users.id });
    return {
      found: inPosts.length + inComments.length + asPoster.length + asPicture.length > 0,
      posterUrls: [...postPosters.map((row) => row.poster), ...commentPosters.map((row) => row.poster!)],
    };
  });
  if (!found) throw notFound();
  await removeMedia([url, ...posterUrls]);
}

/** A member's uploads: listed, and deleted by ownership (the files through the media removal job). */
export const createUploadsService = ({ db, removeMedia }: { db: Db; removeMedia: MediaRemoval }) => ({
  list: (userId: number) => listUploads(db, userId),
  delete: (userId: number, name: string) => deleteUpload(db, removeMedia, userId, name),
});
