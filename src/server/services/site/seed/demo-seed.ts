import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../../db/client.ts';
import { circleMembers, circles, comments, postReactions, posts, users, verifications } from '../../../db/schema/index.ts';
import { credentialLabel } from '../../verification/index.ts';
import { DEMO_CIRCLES, DEMO_POSTS, DEMO_USERS } from './demo-content.ts';
import { themeColorsFor } from '../../../../lib/theme-colors.ts';
import { detectLanguage, postLanguage } from '../../../../lib/language-detection.ts';

/** Any constant works: it only keeps two instances starting at once from both seeding the same database. */
const SEED_LOCK_KEY = 47_112_026;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Fills an empty database with the demo community so a first run shows a living feed.
 * Does nothing once any circle exists, so restarts never duplicate it. One insert per table.
 */
export async function seedDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
    const existing = await tx.select({ id: circles.id }).from(circles).limit(1);
    if (existing.length > 0) return false;
    await writeDemoCommunity(tx, new Date());
    return true;
  });
  if (seeded) log.info({ ms: Math.round(performance.now() - started) }, 'demo data seeded');
}

async function writeDemoCommunity(db: Executor, now: Date): Promise<void> {
  const at = (msAgo: number) => new Date(now.getTime() - msAgo);

  // People: a random key in place of an address hash, so no demo account can ever be signed into.
  await db
    .insert(users)
    .values(
      DEMO_USERS.map((u, i) => ({
        emailHash: randomBytes(32).toString('hex'),
        username: u.username,
        color: u.color,
        animal: u.animal,
        identityClass: u.identityClass,
        profileCreatedAt: at(60 * DAY - i * HOUR),
        createdAt: at(60 * DAY - i * HOUR),
      })),
    )
    .onConflictDoNothing();
  const userRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
  const userIds = DEMO_USERS.map((u) => userRows.find((row) => row.username === u.username)!.id);

  const circleCreated = DEMO_CIRCLES.map((_, i) => at((40 - i) * DAY));
  const circleRows = await db
    .insert(circles)
    .values(
      DEMO_CIRCLES.map((c, i) => ({
        name: c.name,
        description: c.description,
        channelType: c.channelType,
        ownerId: userIds[c.members[0]],
        themeColors: themeColorsFor(c.name),
        membersCount: c.members.length,
        createdAt: circleCreated[i],
        requirementKind: c.requirement?.kind ?? null,
        requirementValue: c.requirement && 'value' in c.requirement ? c.requirement.value : null,
        rules: c.rules ?? [],
      })),
    )
    .returning({ id: circles.id, name: circles.name });
  const circleIndex = new Map(DEMO_CIRCLES.map((c, i) => [c.name, i]));
  const circleIdOf = (name: string) => circleRows.find((row) => row.name === name)!.id;

  await db.insert(circleMembers).values(
    DEMO_CIRCLES.flatMap((c, i) =>
      c.members.map((member, j) => ({
        circleId: circleIdOf(c.name),
        userId: userIds[member],
        role: j === 0 ? ('owner' as const) : ('member' as const),
        joinedAt: new Date(circleCreated[i].getTime() + j * HOUR),
      })),
    ),
  );

  // Members of a circle with a requirement hold it: academic members by their sign-in class, the rest by a proof.
  const proofs = new Map<string, typeof verifications.$inferInsert>();
  DEMO_CIRCLES.forEach((c, i) => {
    for (const member of c.members) {
      const verifiedAt = new Date(circleCreated[i].getTime() - DAY);
      if (c.requirement?.kind === 'academic' && DEMO_USERS[member].identityClass !== 'academic') {
        proofs.set(`${member}:academic`, { userId: userIds[member], kind: 'academic', verifiedAt });
      }
      if (c.requirement?.kind === 'credential') {
        const { value } = c.requirement;
        proofs.set(`${member}:${value}`, {
          userId: userIds[member],
          kind: 'credential',
          value,
          label: credentialLabel(value),
          decidedByRole: 'admin',
          verifiedAt,
        });
      }
    }
  });
  if (proofs.size)
    await db
      .insert(verifications)
      .values([...proofs.values()])
      .onConflictDoNothing();

  const postRows = await db
    .insert(posts)
    .values(
      DEMO_POSTS.map((p) => ({
        circleId: circleIdOf(p.circle),
        authorId: userIds[p.author],
        title: p.title,
        description: p.html,
        language: postLanguage(p.title, p.html),
        likeCount: p.likes,
        dislikeCount: p.dislikes,
        createdAt: at(p.hoursAgo * HOUR),
      })),
    )
    .returning({ id: posts.id, title: posts.title });
  const postIdOf = (title: string) => postRows.find((row) => row.title === title)!.id;

  // Reactions come from people other than the author; in a private circle only from its members.
  const reactions = DEMO_POSTS.flatMap((p, i) => {
    const circle = DEMO_CIRCLES[circleIndex.get(p.circle)!];
    const pool = (circle.channelType === 'private' ? circle.members : DEMO_USERS.map((_, u) => u)).filter((u) => u !== p.author);
    const rotated = [...pool.slice(i % pool.length), ...pool.slice(0, i % pool.length)];
    return rotated.slice(0, p.likes + p.dislikes).map((u, k) => ({
      postId: postIdOf(p.title),
      userId: userIds[u],
      kind: k < p.likes ? ('like' as const) : ('dislike' as const),
      createdAt: at(p.hoursAgo * HOUR - (k + 1) * 60_000),
      postCreatedAt: at(p.hoursAgo * HOUR),
    }));
  });
  if (reactions.length) await db.insert(postReactions).values(reactions);

  const commentRows = DEMO_POSTS.flatMap((p) => {
    const spacing = Math.min(45, Math.floor((p.hoursAgo * 60) / (p.comments.length + 1))) * 60_000;
    return p.comments.map((c, k) => ({
      postId: postIdOf(p.title),
      authorId: userIds[c.author],
      body: c.body,
      language: detectLanguage(c.body),
      createdAt: at(p.hoursAgo * HOUR - (k + 1) * spacing),
    }));
  });
  if (commentRows.length) await db.insert(comments).values(commentRows);
}
