import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { circleMembers, circles, posts, users } from '../src/server/db/schema.ts';

/** Fills a fresh database with `postCount` posts over a few circles and users, in batched multi-row inserts. */
export async function generateData(db: Db, { postCount = 10_000, userCount = 200, circleCount = 20 } = {}) {
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: userCount }, (_, i) => ({
        emailHash: createHmac('sha256', 'bench').update(`user${i}@bench.test`).digest('hex'),
        username: `BenchUser${i}`,
        color: '#c2410c',
        animal: 'Tiger',
      })),
    )
    .returning({ id: users.id });
  const circleRows = await db
    .insert(circles)
    .values(
      Array.from({ length: circleCount }, (_, i) => ({
        name: `Bench Circle ${i}`,
        description: `Circle number ${i} for the benchmark`,
        channelType: i % 5 === 4 ? 'private' : 'public',
        ownerId: userRows[i % userCount].id,
        themeColors: { primary: '#9a3412', secondary: '#fed7aa' },
        membersCount: userCount,
      })),
    )
    .returning({ id: circles.id });
  const memberships = circleRows.flatMap((c) => userRows.map((u, i) => ({ circleId: c.id, userId: u.id, role: i === 0 ? 'owner' : 'member' })));
  for (let i = 0; i < memberships.length; i += 2000) await db.insert(circleMembers).values(memberships.slice(i, i + 2000)).onConflictDoNothing();
  const now = Date.now();
  for (let start = 0; start < postCount; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, postCount - start) }, (_, j) => {
      const n = start + j;
      return {
        circleId: circleRows[n % circleCount].id,
        authorId: userRows[n % userCount].id,
        title: `Post ${n}: ${randomBytes(6).toString('hex')} about monsoon, cricket and startups`,
        description: `<p>Body of post ${n} with <strong>some</strong> text about Bengaluru traffic and exams.</p>`,
        createdAt: new Date(now - (postCount - n) * 60_000),
      };
    });
    await db.insert(posts).values(batch);
  }
  await db.execute(sql`analyze`);
  return { userIds: userRows.map((u) => u.id), circleIds: circleRows.map((c) => c.id) };
}
