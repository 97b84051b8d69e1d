import { readFileSync } from 'node:fs';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { STORED_FIELDS } from '../../../lib/stored-data.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import hi from '../../../locales/hi.json' with { type: 'json' };
import * as schema from '../../db/schema/index.ts';

const tables = Object.values(schema)
  .filter((value) => value && typeof value === 'object' && Symbol.for('drizzle:IsDrizzleTable') in value)
  .map((table) => getTableConfig(table as PgTable));

/** Column names that hold, or point at, something about a person wherever they appear. */
const PERSONAL_NAME = /(^|_)(email|address|hash|handle|user|author|owner|actor|reporter|blocker|blocked|message|note|description|ip)(_|$)/;

/**
 * The columns the privacy page must describe: every column of the users table and of every table that refers to it
 * (all of it is the member's data or about them), and every column of a table with a personal-looking column.
 */
function personalColumns(): string[] {
  const columns: string[] = [];
  for (const table of tables) {
    const refersToUsers =
      table.name === 'users' || table.foreignKeys.some((fk) => getTableConfig(fk.reference().foreignTable).name === 'users');
    const personalName = table.columns.some((column) => PERSONAL_NAME.test(column.name));
    if (refersToUsers || personalName) columns.push(...table.columns.map((column) => `${table.name}.${column.name}`));
  }
  return columns;
}

describe('the privacy page states what is stored, field by field', () => {
  const described = new Set(STORED_FIELDS.flatMap((field) => field.columns.map((column) => `${field.table}.${column}`)));

  it('describes every column that holds personal data', () => {
    const missing = personalColumns().filter((column) => !described.has(column));
    expect(missing, 'describe these columns in src/lib/stored-data.ts').toEqual([]);
  });

  it('describes only columns that exist', () => {
    const existing = new Set(tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)));
    expect([...described].filter((column) => !existing.has(column))).toEqual([]);
  });

  it('renders the list on the privacy page, with the retention defaults', () => {
    const page = readFileSync('src/content/pages/privacy.mdx', 'utf8');
    expect(page).toContain('<StoredDataTable />');
    expect(readFileSync('src/components/site/StoredDataTable.astro', 'utf8')).toContain('STORED_FIELDS.map');
    for (const period of ['180 days', '24 hours', '5 minutes']) expect(page).toContain(period);
  });

  it('words every field in both languages', () => {
    for (const catalog of [en, hi]) {
      const words = catalog.storedData.fields as Record<string, { what?: string; why?: string; kept?: string }>;
      const unworded = STORED_FIELDS.filter((field) => !words[field.key]?.what || !words[field.key]?.why || !words[field.key]?.kept);
      expect(unworded.map((field) => field.key)).toEqual([]);
    }
    expect(new Set(STORED_FIELDS.map((field) => field.key)).size).toBe(STORED_FIELDS.length);
  });
});
