import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { circleMembers, circles, posts, users } from '../../src/server/db/schema.ts';

/**
 * Test data written straight to the database, so post and comment tests do not depend on the
 * sign-in and circle endpoints. Users get a real access token from the app's token service.
 */

export type TestUser = { id: number; username: string; color: string; access: string; headers: { authorization: string } };

/** `createdAt` in the past makes an established account (new accounts have stricter limits). */
export async function createUser(
  app: FastifyInstance,
  overrides: { username?: string; color?: string; createdAt?: Date } = {},
): Promise<TestUser> {
  const suffix = randomUUID().slice(0, 8);
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      emailHash: `test-${randomUUID()}`,
      username: overrides.username ?? `user_${suffix}`,
      color: overrides.color ?? '#3366ff',
      animal: 'Tiger',
      profileCreatedAt: new Date(),
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
    })
    .returning({ id: users.id, username: users.username, color: users.color });
  const { access } = app.ctx.tokens.issuePair(user.id);
  return { ...user, access, headers: { authorization: `Bearer ${access}` } };
}

export type TestCircle = { id: number; name: string; channelType: 'public' | 'private' };

export async function createCircle(
  app: FastifyInstance,
  options: { ownerId: number; channelType?: 'public' | 'private'; name?: string },
): Promise<TestCircle> {
  const channelType = options.channelType ?? 'public';
  const [circle] = await app.ctx.db
    .insert(circles)
    .values({
      name: options.name ?? `Circle ${randomUUID().slice(0, 8)}`,
      description: 'A circle for tests',
      channelType,
      ownerId: options.ownerId,
      themeColors: { primary: '#123456', secondary: '#abcdef' },
      membersCount: 1,
    })
    .returning({ id: circles.id, name: circles.name });
  await app.ctx.db.insert(circleMembers).values({ circleId: circle.id, userId: options.ownerId, role: 'owner' });
  return { ...circle, channelType };
}

export async function joinCircle(app: FastifyInstance, circleId: number, userId: number): Promise<void> {
  await app.ctx.db.insert(circleMembers).values({ circleId, userId, role: 'member' });
}

/** A post inserted directly (fast, and with a chosen time for ordering tests). */
export async function insertPost(
  app: FastifyInstance,
  options: { authorId: number; circleId: number; title?: string; description?: string; createdAt?: Date },
): Promise<number> {
  const [post] = await app.ctx.db
    .insert(posts)
    .values({
      authorId: options.authorId,
      circleId: options.circleId,
      title: options.title ?? 'A post',
      description: options.description ?? '',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: posts.id });
  return post.id;
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
