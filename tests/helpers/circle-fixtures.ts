import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Circle } from '../../src/lib/api-types.ts';
import { comments, posts, users } from '../../src/server/db/schema.ts';

/** Test actions for the circles, join-request and search tests: people, circles, posts and comments. */

export type TestUser = { id: number; username: string; headers: { authorization: string } };

let sequence = 0;

/** A signed-up person (inserted directly: the sign-in flow has its own tests) with a valid access token. */
export async function createUser(app: FastifyInstance, handle = 'Tester'): Promise<TestUser> {
  sequence += 1;
  const username = `${handle}${sequence}${randomBytes(2).toString('hex')}`;
  const [user] = await app.ctx.db
    .insert(users)
    .values({ emailHash: randomBytes(32).toString('hex'), username, color: '#1f6feb', animal: 'Tiger' })
    .returning({ id: users.id });
  const { access } = app.ctx.services.tokens.issuePair(user.id);
  return { id: user.id, username, headers: { authorization: `Bearer ${access}` } };
}

export async function createCircle(
  app: FastifyInstance,
  owner: TestUser,
  name: string,
  options: { description?: string; channelType?: 'public' | 'private' } = {},
): Promise<Circle> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/circles/',
    headers: owner.headers,
    payload: { name, description: options.description ?? `All about ${name}.`, channel_type: options.channelType ?? 'public' },
  });
  if (res.statusCode !== 201) throw new Error(`createCircle ${name}: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function join(app: FastifyInstance, user: TestUser, circleName: string) {
  return app.inject({ method: 'POST', url: '/api/circles/join-by-name/', headers: user.headers, payload: { circle_name: circleName } });
}

/** Posts and comments go straight into the tables: their own endpoints are tested elsewhere. */
export async function insertPost(
  app: FastifyInstance,
  author: TestUser,
  circleId: number,
  title: string,
  description = '',
  createdAt = new Date(),
): Promise<number> {
  const [row] = await app.ctx.db.insert(posts).values({ circleId, authorId: author.id, title, description, createdAt }).returning({ id: posts.id });
  return row.id;
}

export async function insertComment(app: FastifyInstance, author: TestUser, postId: number, body: string): Promise<number> {
  const [row] = await app.ctx.db.insert(comments).values({ postId, authorId: author.id, body }).returning({ id: comments.id });
  return row.id;
}
