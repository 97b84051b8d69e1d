import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { prepared } from '../../src/server/db/prepared.ts';
import { circles } from '../../src/server/db/schema/index.ts';
import { buildTestApp, type TestApp } from '../helpers/app.ts';
import { createCircle, createUser } from '../helpers/fixtures.ts';

let t: TestApp;
let circleId: number;
let builds = 0;

/** A statement of the house's kind: a circle's description by id. */
const describeCircle = (db: Db) =>
  prepared(db, 'test_circle_description', () => {
    builds += 1;
    return db
      .select({ description: circles.description })
      .from(circles)
      .where(eq(circles.id, sql.placeholder('id')));
  });

beforeAll(async () => {
  t = await buildTestApp();
  circleId = (await createCircle(t.app, await createUser(t.app))).id;
});
afterAll(() => t.close());

describe('prepared statements', () => {
  it('are built once, and inside a transaction run on its connection: they see its uncommitted writes', async () => {
    const db = t.app.ctx.db;
    const [before] = await describeCircle(db).execute({ id: circleId });
    for (const round of [1, 2]) {
      await expect(
        db.transaction(async (tx) => {
          await tx
            .update(circles)
            .set({ description: `changed ${round}` })
            .where(eq(circles.id, circleId));
          const [inside] = await describeCircle(tx as unknown as Db).execute({ id: circleId });
          expect(inside.description).toBe(`changed ${round}`);
          tx.rollback();
        }),
      ).rejects.toThrow();
      // Rolled back: outside the transaction the write never happened.
      expect((await describeCircle(db).execute({ id: circleId }))[0]).toEqual(before);
    }
    // One build for the database and both transactions.
    expect(builds).toBe(1);
  });
});
