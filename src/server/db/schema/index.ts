/**
 * The tables, one file per domain (as services/ is); this file is the schema's one door: drizzle-kit reads it, and the
 * code imports tables from here.
 */
export * from './accounts.ts';
export * from './circles.ts';
export * from './posts.ts';
export * from './comments.ts';
export * from './notifications.ts';
export * from './grievances.ts';
export * from './verification.ts';
export * from './moderation.ts';
export * from './data-rights.ts';
export * from './safety.ts';
export * from './push.ts';
