import pg from 'pg';

/**
 * A fresh database of its own for a benchmark when DATABASE_URL is set (dropped first if a crashed run left it);
 * undefined for the embedded default.
 */
export async function freshDatabaseUrl(prefix: string): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url) return undefined;
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${name}`;
  return fresh.toString();
}

/** Drops a database made by `freshDatabaseUrl`. */
export async function dropDatabase(url: string | undefined): Promise<void> {
  if (!url || !process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await admin.end();
}
