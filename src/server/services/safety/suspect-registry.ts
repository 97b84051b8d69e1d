/**
 * The suspect registry: what staff learned from a scam, remembered. When staff remove an item as a scam, the
 * identifiers it carries (UPI IDs, phone numbers, links, registrable domains, Telegram and WhatsApp handles) are
 * registered, and any later post or comment carrying one is held whatever its wording: a scammer who rewrites the
 * message keeps the UPI ID. Members' `scam` reports (and a channel owner's removal as a scam, which counts as one
 * report) mark an identifier as suspected once AUTO_HIDE_REPORTS distinct members reported items carrying it; later
 * items carrying it are warned about.
 *
 * Never registered: amounts; official domains (official-domains.json) and their links; official helplines
 * (official-numbers.json); shared platforms' domains (t.me, wa.me, bit.ly, youtube.com…), whose paths and handles
 * are registered instead.
 */
import { createHmac } from 'node:crypto';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { scamIdentifierReports, scamIdentifiers } from '../../db/schema/index.ts';
import { judgeHost } from './domains.ts';
import { extractIdentifiers, registrableDomain, type Identifier, type IdentifierKind } from './identifiers.ts';
import reference from './official-numbers.json' with { type: 'json' };
import domainsReference from './official-domains.json' with { type: 'json' };

export type SuspectKind = Exclude<IdentifierKind, 'amount'>;
export type SuspectStatus = 'registered' | 'suspected';
export type Suspect = { kind: SuspectKind; value: string };
export type SuspectRow = {
  id: number;
  kind: SuspectKind;
  value: string;
  status: SuspectStatus;
  sourcePostId: number | null;
  sourceCommentId: number | null;
  createdAt: Date;
};
/** An item as the registry reads it: where it is, and its words and links. */
export type RegistryItem = { postId: number; commentId: number | null; text: string; links?: string[] };

const officialNumbers = new Set(reference.numbers);
const sharedPlatforms = new Set([...reference.sharedPlatforms, ...domainsReference.shorteners]);

const isOfficialHost = (host: string) => judgeHost(host).kind === 'official';
const hostOf = (url: string) => url.replace(/[/?#].*$/, '');

/** Whether an identifier may be registered: never an amount, an official site or helpline, or a shared platform's domain. */
export function registrable(identifier: Identifier): identifier is Suspect {
  switch (identifier.kind) {
    case 'amount':
      return false;
    case 'phone':
    case 'whatsapp': {
      const digits = identifier.value.replace(/^\+91/, '').replace(/\D/g, '');
      return !officialNumbers.has(digits) && !officialNumbers.has(identifier.value.replace(/\D/g, ''));
    }
    case 'domain':
      return !sharedPlatforms.has(identifier.value) && !isOfficialHost(identifier.value);
    case 'url': {
      const host = hostOf(identifier.value);
      if (isOfficialHost(host)) return false;
      // A shared platform's bare address says nothing; its path (a channel, a short link's code) is the identifier.
      const domain = registrableDomain(host);
      if (domain && sharedPlatforms.has(domain)) return identifier.value.length > host.length + 1;
      return true;
    }
    default:
      return true;
  }
}

/** The identifiers of an item that the registry keeps. */
export function suspectsIn(text: string, links: string[] = []): Suspect[] {
  return extractIdentifiers(text, links).filter(registrable);
}

const matches = (suspects: Suspect[]) =>
  or(...suspects.map((s) => and(eq(scamIdentifiers.kind, s.kind), eq(scamIdentifiers.value, s.value))));

/** The registered and suspected identifiers among these (registered first). */
export async function findSuspects(db: Db, suspects: Suspect[]): Promise<SuspectRow[]> {
  if (suspects.length === 0) return [];
  const rows = await db.select().from(scamIdentifiers).where(matches(suspects));
  return (rows as SuspectRow[]).sort((a, b) => (a.status === b.status ? a.id - b.id : a.status === 'registered' ? -1 : 1));
}

export function createSuspectRegistry(deps: { db: Db; autoHideReports: number; identitySecret: string }) {
  const { db } = deps;
  /** A reporter as the registry keeps them: a keyed hash of their id, enough to count each member once. */
  const witnessKey = (reporterId: number) =>
    createHmac('sha256', deps.identitySecret).update(`scam-witness:${reporterId}`).digest('base64url');

  return {
    /** Staff removed the item as a scam: its identifiers are registered (a suspected one becomes registered). */
    async register(item: RegistryItem): Promise<Suspect[]> {
      const suspects = suspectsIn(item.text, item.links);
      for (const suspect of suspects) {
        await db
          .insert(scamIdentifiers)
          .values({ ...suspect, status: 'registered', sourcePostId: item.postId, sourceCommentId: item.commentId })
          .onConflictDoUpdate({
            target: [scamIdentifiers.kind, scamIdentifiers.value],
            set: { status: 'registered', sourcePostId: item.postId, sourceCommentId: item.commentId },
          });
      }
      return suspects;
    },

    /**
     * A member reported the item as a scam (or its channel's owner removed it as one): each of its identifiers counts
     * the member once; at `autoHideReports` distinct members it is suspected (a registered one stays registered).
     */
    async report(reporterId: number, item: RegistryItem): Promise<void> {
      const suspects = suspectsIn(item.text, item.links);
      for (const suspect of suspects) {
        await db
          .insert(scamIdentifierReports)
          .values({ ...suspect, witnessKey: witnessKey(reporterId) })
          .onConflictDoNothing();
        const [{ count }] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(scamIdentifierReports)
          .where(and(eq(scamIdentifierReports.kind, suspect.kind), eq(scamIdentifierReports.value, suspect.value)));
        if (count >= deps.autoHideReports) {
          await db
            .insert(scamIdentifiers)
            .values({ ...suspect, status: 'suspected', sourcePostId: item.postId, sourceCommentId: item.commentId })
            .onConflictDoNothing();
        }
      }
    },

    find: (suspects: Suspect[]) => findSuspects(db, suspects),

    /** Every identifier, newest first, as a page source. */
    async list(): Promise<{ count: number; load: (limit: number, offset: number) => Promise<SuspectRow[]> }> {
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(scamIdentifiers);
      return {
        count,
        load: async (limit, offset) =>
          (await db
            .select()
            .from(scamIdentifiers)
            .orderBy(desc(scamIdentifiers.createdAt), desc(scamIdentifiers.id))
            .limit(limit)
            .offset(offset)) as SuspectRow[],
      };
    },

    /** Takes an identifier off the registry (and forgets who reported it); false when there is none with that id. */
    async remove(id: number): Promise<boolean> {
      const [row] = await db.delete(scamIdentifiers).where(eq(scamIdentifiers.id, id)).returning();
      if (!row) return false;
      await db
        .delete(scamIdentifierReports)
        .where(and(eq(scamIdentifierReports.kind, row.kind), inArray(scamIdentifierReports.value, [row.value])));
      return true;
    },
  };
}

export type SuspectRegistry = ReturnType<typeof createSuspectRegistry>;
