import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';

/** Fills an empty database with demo circles, members and posts (filled in by the circles work). */
export async function seedDemoData(db: Db, log: FastifyBaseLogger): Promise<void> {
  void db;
  void log;
}
