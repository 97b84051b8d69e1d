import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, asc, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  GRIEVANCE_ACTIONS,
  GRIEVANCE_CATEGORIES,
  GRIEVANCE_STATUSES,
  type GrievanceAction,
  type GrievanceCategory,
  type GrievanceEventView,
  type GrievanceStatus,
  type GrievanceTracking,
  type StaffGrievance,
} from '../../../lib/grievance-rules.ts';
import type { Clock } from '../../clock.ts';
import { executeRows, type Db } from '../../db/client.ts';
import { grievanceEvents, grievances } from '../../db/schema/index.ts';
import { openAddress, sealAddress } from './contact-service.ts';
import type { MailService } from '../../platform/mail-service.ts';
import { LOCALE, parseLang, translator, type Lang } from '../../../lib/i18n.ts';
import { say, type Message } from '../../platform/errors.ts';

const HOUR = 3_600_000;
/** IT Rules 2021 rule 3(2)(a): acknowledge within 24 hours, resolve within 15 days. */
export const ACKNOWLEDGE_WITHIN_MS = 24 * HOUR;
export const RESOLVE_WITHIN_MS = 15 * 24 * HOUR;
/** Rule 3(2)(b): content showing a person's private area or sexual act without consent comes down within 24 hours. */
export const URGENT_REMOVE_WITHIN_MS = 24 * HOUR;
const URGENT_CATEGORIES: ReadonlySet<GrievanceCategory> = new Set(['non_consensual_intimate_imagery']);

export const GRIEVANCE_NOT_FOUND = say('errors.grievances.notFound');
export const GRIEVANCE_CLOSED = say('errors.grievances.closed');
export const GRIEVANCE_ACTION_NEEDED = say('errors.grievances.actionNeeded');

const OPEN: ReadonlySet<GrievanceStatus> = new Set(['received', 'acknowledged']);

export type GrievanceOfficer = { name: string; address: string; email: string };

export type { GrievanceEventView, GrievanceTracking, StaffGrievance };

type GrievanceRow = typeof grievances.$inferSelect;

/** `lang`: the language the complaint was filed in (the request's); every mail about it is written in it. */
export type NewGrievance = { category: GrievanceCategory; contentLink: string; description: string; email: string; lang: Lang };

export type GrievanceDeps = { db: Db; clock: Clock; mail: MailService; identitySecret: string; log: FastifyBaseLogger };

const TICKET_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newTicket = () => `GR-${Array.from({ length: 8 }, () => TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)]).join('')}`;
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The next deadline of an open ticket: acknowledgement first, then resolution (whichever comes first). */
function nextDue(row: Pick<GrievanceRow, 'acknowledgedAt' | 'acknowledgeBy' | 'resolveBy'>, status: GrievanceStatus) {
  if (!OPEN.has(status)) return { dueAt: null, deadline: null } as const;
  if (!row.acknowledgedAt && row.acknowledgeBy <= row.resolveBy) return { dueAt: row.acknowledgeBy, deadline: 'acknowledge' } as const;
  return { dueAt: row.resolveBy, deadline: 'resolve' } as const;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A deadline in a mail: date and 24-hour time in India ("23 November 2026 at 13:28", "23 नवंबर 2026 को 13:28 बजे"). */
const deadlineIn = (lang: Lang, date: Date) =>
  date.toLocaleString(LOCALE[lang], {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'Asia/Kolkata',
    numberingSystem: 'latn',
  });

function toTracking(row: GrievanceRow, history: GrievanceEventView[]): GrievanceTracking {
  const status = row.status as GrievanceStatus;
  const category = row.category as GrievanceCategory;
  return {
    ticket: row.ticket,
    category,
    category_label: GRIEVANCE_CATEGORIES[category] ?? category,
    status,
    status_label: GRIEVANCE_STATUSES[status] ?? status,
    created_at: row.createdAt.toISOString(),
    acknowledge_by: row.acknowledgeBy.toISOString(),
    resolve_by: row.resolveBy.toISOString(),
    acknowledged_at: iso(row.acknowledgedAt),
    resolved_at: iso(row.resolvedAt),
    action_taken: (row.actionTaken as GrievanceAction | null) ?? null,
    history,
  };
}

/** One CSV field, quoted when it holds a comma, quote or line break. */
const csvField = (value: string | number) => {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** 'YYYY-MM' to the month's bounds in UTC (India's reports are monthly; the times are stored in UTC). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number);
  return { from: new Date(Date.UTC(year, mon - 1, 1)), to: new Date(Date.UTC(year, mon, 1)) };
}

export function createGrievanceService(deps: GrievanceDeps) {
  const { db, clock } = deps;

  async function history(grievanceId: number): Promise<GrievanceEventView[]> {
    const rows = await db
      .select()
      .from(grievanceEvents)
      .where(eq(grievanceEvents.grievanceId, grievanceId))
      .orderBy(asc(grievanceEvents.createdAt), asc(grievanceEvents.id));
    return rows.map((row) => ({
      status: row.status as GrievanceStatus,
      label: GRIEVANCE_STATUSES[row.status as GrievanceStatus] ?? row.status,
      note: row.note,
      at: row.createdAt.toISOString(),
    }));
  }

  /**
   * Mails the complainant at the sealed address, in the language the complaint was filed in: `write` words the lines
   * with that language's catalog. A mail failure is logged and never undoes the change.
   */
  async function mailComplainant(
    row: GrievanceRow,
    status: GrievanceStatus,
    write: (t: ReturnType<typeof translator>, lang: Lang) => string[],
  ): Promise<boolean> {
    try {
      const lang = parseLang(row.lang);
      const t = translator(lang);
      const to = openAddress(deps.identitySecret, row.replyAddress);
      const subject = t('mail.grievanceSubject', { ticket: row.ticket, status: t(`grievance.statuses.${status}`).toLowerCase() });
      await deps.mail.send({ to, subject, text: write(t, lang).join('\n') });
      return true;
    } catch (error) {
      const { code, responseCode } = error as { code?: string; responseCode?: number };
      deps.log.error({ ticket: row.ticket, errorCode: code, responseCode }, 'grievance mail not sent');
      return false;
    }
  }

  function toStaff(row: GrievanceRow, now: Date): StaffGrievance {
    const { history: _unused, ...tracking } = toTracking(row, []);
    const { dueAt, deadline } = nextDue(row, row.status as GrievanceStatus);
    const dueIn = dueAt ? Math.round((dueAt.getTime() - now.getTime()) / 1000) : null;
    return {
      ...tracking,
      content_link: row.contentLink,
      description: row.description,
      due_at: iso(dueAt),
      due_in_seconds: dueIn,
      overdue: dueIn !== null && dueIn < 0,
      deadline,
    };
  }

  return {
    /**
     * Files a complaint: stores it with its deadlines and first history entry, and mails the complainant the
     * ticket and the private tracking link. The key is returned once and kept only as a hash.
     */
    async file(input: NewGrievance, trackingUrl: (ticket: string, key: string) => string) {
      const now = clock.now();
      const key = randomBytes(18).toString('base64url');
      const urgent = URGENT_CATEGORIES.has(input.category);
      const values = {
        keyHash: hashKey(key),
        category: input.category,
        contentLink: input.contentLink,
        description: input.description,
        replyAddress: sealAddress(deps.identitySecret, input.email),
        lang: input.lang,
        status: 'received' as const,
        createdAt: now,
        acknowledgeBy: new Date(now.getTime() + ACKNOWLEDGE_WITHIN_MS),
        resolveBy: new Date(now.getTime() + (urgent ? URGENT_REMOVE_WITHIN_MS : RESOLVE_WITHIN_MS)),
      };
      const due = nextDue({ ...values, acknowledgedAt: null }, 'received');
      let row: GrievanceRow | undefined;
      // A ticket is 8 characters of a 32-letter alphabet; a clash is rare, and simply drawn again.
      for (let attempt = 0; !row && attempt < 5; attempt++) {
        [row] = await db
          .insert(grievances)
          .values({ ...values, ticket: newTicket(), dueAt: due.dueAt })
          .onConflictDoNothing({ target: grievances.ticket })
          .returning();
      }
      if (!row) throw new Error('no free grievance ticket');
      await db.insert(grievanceEvents).values({ grievanceId: row.id, status: 'received', note: '', createdAt: now });
      const url = trackingUrl(row.ticket, key);
      const filed = row;
      await mailComplainant(filed, 'received', (t, lang) => [
        t('mail.grievanceReceived', { ticket: filed.ticket, category: t(`grievance.categories.${input.category}`) }),
        '',
        t(urgent ? 'mail.grievanceDeadlinesUrgent' : 'mail.grievanceDeadlines', {
          acknowledgeBy: deadlineIn(lang, filed.acknowledgeBy),
          resolveBy: deadlineIn(lang, filed.resolveBy),
        }),
        '',
        t('mail.grievanceFollow', { url }),
      ]);
      return { ticket: row.ticket, trackingUrl: url };
    },

    /** The ticket's status and history for the holder of its key; null for an unknown ticket or a wrong key. */
    async track(ticket: string, key: string): Promise<GrievanceTracking | null> {
      const [row] = await db.select().from(grievances).where(eq(grievances.ticket, ticket)).limit(1);
      if (!row || !sameHash(row.keyHash, hashKey(key))) return null;
      return toTracking(row, await history(row.id));
    },

    /** Open tickets by their next deadline (the overdue first), or closed ones, newest resolution first. */
    async listForStaff(scope: 'open' | 'closed') {
      const open = scope === 'open';
      const where = open ? isNotNull(grievances.dueAt) : isNull(grievances.dueAt);
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(grievances)
        .where(where);
      const load = async (limit: number, offset: number) => {
        const rows = await db
          .select()
          .from(grievances)
          .where(where)
          .orderBy(...(open ? [asc(grievances.dueAt), asc(grievances.id)] : [desc(grievances.resolvedAt), desc(grievances.id)]))
          .limit(limit)
          .offset(offset);
        const now = clock.now();
        return rows.map((row) => toStaff(row, now));
      };
      return { count, load };
    },

    async getForStaff(ticket: string): Promise<StaffGrievance | null> {
      const [row] = await db.select().from(grievances).where(eq(grievances.ticket, ticket)).limit(1);
      if (!row) return null;
      return { ...toStaff(row, clock.now()), history: await history(row.id) };
    },

    /**
     * Moves a ticket on (acknowledged, resolved or rejected), records it in the history and mails the complainant.
     * Returns null for an unknown ticket, or an error message for a change that cannot be made.
     */
    async changeStatus(
      ticket: string,
      change: { status: Exclude<GrievanceStatus, 'received'>; note: string; actionTaken?: GrievanceAction },
    ): Promise<StaffGrievance | { error: Message } | null> {
      const [row] = await db.select().from(grievances).where(eq(grievances.ticket, ticket)).limit(1);
      if (!row) return null;
      if (!OPEN.has(row.status as GrievanceStatus)) return { error: GRIEVANCE_CLOSED };
      if (change.status === 'resolved' && !change.actionTaken) return { error: GRIEVANCE_ACTION_NEEDED };
      const now = clock.now();
      const acknowledgedAt = row.acknowledgedAt ?? now;
      const closing = change.status !== 'acknowledged';
      const next = { ...row, acknowledgedAt };
      const [updated] = await db
        .update(grievances)
        .set({
          status: change.status,
          acknowledgedAt,
          resolvedAt: closing ? now : null,
          actionTaken: change.status === 'resolved' ? change.actionTaken : null,
          dueAt: nextDue(next, change.status).dueAt,
        })
        .where(and(eq(grievances.id, row.id), eq(grievances.status, row.status)))
        .returning();
      if (!updated) return { error: GRIEVANCE_CLOSED };
      await db.insert(grievanceEvents).values({ grievanceId: row.id, status: change.status, note: change.note, createdAt: now });
      await mailComplainant(updated, change.status, (t, lang) => {
        const lines = [t('mail.grievanceNow', { ticket: row.ticket, status: t(`grievance.statuses.${change.status}`) })];
        if (change.status === 'resolved' && change.actionTaken)
          lines.push(t('mail.grievanceWhatDone', { action: t(`grievance.actions.${change.actionTaken}`) }));
        // The staff's note is theirs, as they wrote it.
        if (change.note) lines.push('', change.note);
        if (change.status === 'acknowledged') lines.push('', t('mail.grievanceResolveBy', { date: deadlineIn(lang, updated.resolveBy) }));
        lines.push('', t('mail.grievanceFollowFirst'));
        return lines;
      });
      return { ...toStaff(updated, now), history: await history(row.id) };
    },

    /**
     * The monthly compliance report (IT Rules 2021 rule 4(1)(d)) as CSV: per category and in total, the
     * complaints received in the month, those acknowledged and resolved in time, and what was done.
     */
    async complianceReport(month: string): Promise<string> {
      const { from, to } = monthBounds(month);
      const received = await db
        .select({
          category: grievances.category,
          received: sql<number>`count(*)::int`,
          acknowledgedInTime: sql<number>`count(*) filter (where ${grievances.acknowledgedAt} <= ${grievances.acknowledgeBy})::int`,
          open: sql<number>`count(*) filter (where ${grievances.resolvedAt} is null or ${grievances.resolvedAt} >= ${to})::int`,
        })
        .from(grievances)
        .where(and(gte(grievances.createdAt, from), lt(grievances.createdAt, to)))
        .groupBy(grievances.category);
      const closed = await db
        .select({
          category: grievances.category,
          status: grievances.status,
          action: grievances.actionTaken,
          count: sql<number>`count(*)::int`,
          inTime: sql<number>`count(*) filter (where ${grievances.resolvedAt} <= ${grievances.resolveBy})::int`,
        })
        .from(grievances)
        .where(and(gte(grievances.resolvedAt, from), lt(grievances.resolvedAt, to)))
        .groupBy(grievances.category, grievances.status, grievances.actionTaken);

      const actions = Object.keys(GRIEVANCE_ACTIONS) as GrievanceAction[];
      const columns = [
        'received',
        'acknowledged_within_24h',
        'resolved',
        'resolved_within_deadline',
        'rejected',
        'open_at_month_end',
        ...actions,
      ] as const;
      type Counts = Record<(typeof columns)[number], number>;
      const empty = (): Counts => Object.fromEntries(columns.map((c) => [c, 0])) as Counts;
      const byCategory = new Map<string, Counts>(Object.keys(GRIEVANCE_CATEGORIES).map((c) => [c, empty()]));
      const total = empty();
      const add = (category: string, column: keyof Counts, n: number) => {
        if (!byCategory.has(category)) byCategory.set(category, empty());
        byCategory.get(category)![column] += n;
        total[column] += n;
      };
      for (const row of received) {
        add(row.category, 'received', row.received);
        add(row.category, 'acknowledged_within_24h', row.acknowledgedInTime);
        add(row.category, 'open_at_month_end', row.open);
      }
      for (const row of closed) {
        if (row.status === 'rejected') add(row.category, 'rejected', row.count);
        if (row.status !== 'resolved') continue;
        add(row.category, 'resolved', row.count);
        add(row.category, 'resolved_within_deadline', row.inTime);
        if (row.action && (actions as string[]).includes(row.action)) add(row.category, row.action as GrievanceAction, row.count);
      }
      const lines = [['month', 'category', ...columns].join(',')];
      for (const [category, counts] of [...byCategory, ['all', total] as const]) {
        lines.push([month, category, ...columns.map((c) => counts[c])].map(csvField).join(','));
      }
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}

export type GrievanceService = ReturnType<typeof createGrievanceService>;

/**
 * Open grievances past their IT Rules deadline (the metrics gauge grievances_overdue). due_at is the next deadline of an
 * open grievance and null once it is closed (indexed: grievances_due_idx).
 */
export async function countOverdueGrievances(db: Db): Promise<number> {
  const [row] = await executeRows<{ n: string | number }>(db, sql`select count(*) as n from grievances where due_at < now()`);
  return Number(row.n);
}
