import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { eq, sql } from 'drizzle-orm';
import type { Circle, Post } from '../../src/lib/api-types.ts';
import { circleMembers, circles, comments, consents, posts, users } from '../../src/server/db/schema/index.ts';
import { readPolicyNotice } from '../../src/content/page-files.ts';

/** The privacy notice's version now, derived from the privacy page. */
export const NOTICE_VERSION = readPolicyNotice().version;

/**
 * Test actions that read like a user's: a person signs up (`createUser`), opens a circle (`createCircle`, through
 * the API, so its owner and members_count are the real ones), joins one (`join`, through the API), is let into a
 * private one (`addMember`), posts (`post`) and comments (`comment`). People, members, posts and comments are
 * written straight to the tables: the sign-in, join-request, post and comment endpoints have their own tests.
 * Users get a real access token from the app's token service.
 */

export type TestUser = { id: number; username: string; color: string; access: string; headers: { authorization: string } };
export type TestCircle = Circle;

/** What a post nobody has reacted to, commented on or moderated carries beside its own content. */
export const UNTOUCHED_POST = {
  liked: false,
  disliked: false,
  saved: false,
  tags: [],
  media_items: [],
  like_count: 0,
  dislike_count: 0,
  comment_count: 0,
  // Written straight to the table, a post's language is undetermined (through the API it is detected).
  language: 'und',
  moderation_status: 'visible',
  safety_warning: null,
  removed_reason: null,
  status: 'published',
  poll: null,
  link: null,
} as const satisfies Partial<Post>;

let sequence = 0;

/**
 * A signed-up person with a valid access token; `handle` starts the username (made unique). `createdAt` in the past
 * makes an established account (accounts younger than NEW_ACCOUNT_HOURS have stricter limits).
 */
export async function createUser(
  app: FastifyInstance,
  handle = 'user',
  options: { color?: string; createdAt?: Date; consent?: boolean } = {},
): Promise<TestUser> {
  sequence += 1;
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      emailHash: `test-${randomUUID()}`,
      username: `${handle}${sequence}${randomUUID().slice(0, 4)}`,
      color: options.color ?? '#3366ff',
      animal: 'Tiger',
      profileCreatedAt: new Date(),
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: users.id, username: users.username, color: users.color });
  // Every member has agreed to the privacy notice (the consent gate has its own tests, which pass `consent: false`).
  if (options.consent !== false)
    await app.ctx.db.insert(consents).values({ userId: user.id, noticeVersion: String(NOTICE_VERSION), adult: true });
  const { access } = app.ctx.services.tokens.issuePair(user.id);
  return { ...user, access, headers: { authorization: `Bearer ${access}` } };
}

/** `owner` creates a circle through the API (public unless told); its answer as the client sees it. */
export async function createCircle(
  app: FastifyInstance,
  owner: TestUser,
  name = `Circle ${randomUUID().slice(0, 8)}`,
  options: { description?: string; channelType?: 'public' | 'private' } = {},
): Promise<TestCircle> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/circles/',
    headers: owner.headers,
    payload: { name, description: options.description ?? `All about ${name}.`, channel_type: options.channelType ?? 'public' },
  });
  if (res.statusCode !== 201) throw new Error(`createCircle ${name}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** `user` presses Join (a private circle answers with a request to its owner). */
export async function join(app: FastifyInstance, user: TestUser, circleName: string) {
  return app.inject({ method: 'POST', url: '/api/circles/join-by-name/', headers: user.headers, payload: { circle_name: circleName } });
}

/** `user` becomes a member of `circle` as an approved request would make them: one more in members_count. */
export async function addMember(app: FastifyInstance, circle: Pick<TestCircle, 'id'>, user: TestUser): Promise<void> {
  await app.ctx.db.transaction(async (tx) => {
    await tx.insert(circleMembers).values({ circleId: circle.id, userId: user.id, role: 'member' });
    await tx
      .update(circles)
      .set({ membersCount: sql`${circles.membersCount} + 1` })
      .where(eq(circles.id, circle.id));
  });
}

/** `author` posts in `circle` (at a chosen time for ordering tests); the post's id. */
export async function post(
  app: FastifyInstance,
  author: TestUser,
  circle: Pick<TestCircle, 'id'>,
  title = 'A post',
  options: { description?: string; createdAt?: Date; language?: string } = {},
): Promise<number> {
  const [row] = await app.ctx.db
    .insert(posts)
    .values({
      authorId: author.id,
      circleId: circle.id,
      title,
      description: options.description ?? '',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...(options.language ? { language: options.language } : {}),
    })
    .returning({ id: posts.id });
  return row.id;
}

/** `author` comments on post `postId`; the comment's id. */
export async function comment(app: FastifyInstance, author: TestUser, postId: number, body: string): Promise<number> {
  const [row] = await app.ctx.db.insert(comments).values({ postId, authorId: author.id, body }).returning({ id: comments.id });
  return row.id;
}

export type FilePart = { data: Buffer; filename: string; type?: string };

/** A multipart body as a browser's FormData would send it, ready for `app.inject`. */
export async function multipart(entries: [string, string | FilePart][]): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type ?? 'application/octet-stream' }), value.filename);
  }
  const request = new Request('http://test.local/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** Small real images made with sharp, in each accepted format. */
export const makeImage = (format: 'png' | 'jpeg' | 'gif' | 'webp', width = 24, height = 16) =>
  sharp({ create: { width, height, channels: 3, background: '#e4572e' } })
    .toFormat(format)
    .toBuffer();

/** A JPEG carrying EXIF with a camera make, GPS position and a 90° orientation, like a phone photo. */
export const makePhoneJpeg = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: '#2e86e4' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'SecretPhoneMaker', Model: 'Model X' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '12/1 58/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '77/1 35/1 0/1' },
    })
    .toBuffer();

/** An ISO BMFF box: 4-byte size, 4-byte type, payload. */
export const mp4Box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/** Where the test phone "shot" its video, as phones write it into `moov/udta/©xyz`. */
export const MP4_LOCATION = '+12.9716+077.5946/';

/**
 * A small MP4 as a phone writes it: ftyp (brand isom), moov with a movie header, a track, and user
 * data carrying the shooting location, then the media data.
 */
export function makeMp4(): Buffer {
  const ftyp = mp4Box('ftyp', Buffer.from('isom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isommp41'));
  const location = mp4Box('\xa9xyz', Buffer.from([0, 18, 0x15, 0xc7]), Buffer.from(MP4_LOCATION));
  const moov = mp4Box(
    'moov',
    mp4Box('mvhd', Buffer.alloc(100)),
    mp4Box('trak', mp4Box('tkhd', Buffer.alloc(84)), mp4Box('mdia', mp4Box('mdhd', Buffer.alloc(24)))),
    mp4Box('udta', location),
  );
  return Buffer.concat([ftyp, moov, mp4Box('mdat', Buffer.alloc(64, 7))]);
}
