import type { ModerationStatus, SafetyWarning } from '../../../lib/api-types.ts';
import type { Db } from '../../db/client.ts';
import { scoreText, type Verdict } from './scam-shield.ts';
import { findSuspects, suspectsIn } from './suspect-registry.ts';
import { readQrPayloads, type QrReading } from './qr.ts';
import en from '../../../locales/en.json' with { type: 'json' };

export type { ModerationStatus, SafetyWarning };

/** What readers see on an item the shield warns about (the spec's words), from the catalog that words it on screen in every language. */
export const SCAM_WARNING_MESSAGE = en.moderation.safetyWarning.scam;

export type Screening = {
  verdict: Verdict;
  status: ModerationStatus;
  /** Why, for staff only. */
  reasons: string[];
};

export type ScreenInput = {
  /** Plain text parts (a title, a comment's body, a channel's description). */
  text?: string;
  /** A post description's sanitised HTML: its text is read and its links' addresses judged. */
  html?: string;
  /** When the author's account was created; links from accounts younger than newAccountHours are held more readily. */
  authorCreatedAt: Date;
  now?: Date;
  newAccountHours: number;
  /** What QR codes in the item's images say (their payloads): read, and their payees judged, as the text is. */
  qrCodes?: readonly string[];
  /** The words read from the item's images (OCR, image-text.ts): read as the item's own text is. */
  imageText?: readonly string[];
  /** Addresses the item links to beside its text (a link post's link, and where it redirected): judged as its links are. */
  links?: readonly string[];
};

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

/** The text a reader sees in sanitised HTML, and the addresses its links point to. */
export function readHtml(html: string): { text: string; links: string[] } {
  const links = [...html.matchAll(HREF)].map((m) => m[1] ?? m[2] ?? '').filter((href) => /^https?:\/\//i.test(href));
  const text = html
    .replace(/<\/(p|div|li|h\d|blockquote)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'");
  return { text, links };
}

/** What the shield reads of an item, read once: its plain text (with its HTML's, its QR codes' and its images'), its links, its QR codes. */
type ReadItem = { text: string; links: string[]; qr: QrReading };

function readItem(input: ScreenInput): ReadItem {
  const fromHtml = input.html ? readHtml(input.html) : { text: '', links: [] };
  const qr = readQrPayloads(input.qrCodes ?? []);
  const own = [input.text ?? '', fromHtml.text, qr.text].filter(Boolean).join('\n');
  // Images' words after a blank line: a single line break between two letters is read as a split word and joined.
  const text = [own, ...(input.imageText ?? [])].filter(Boolean).join('\n\n');
  return { text, links: [...(input.links ?? []), ...fromHtml.links, ...qr.links], qr };
}

function scoreItem(input: ScreenInput, item: ReadItem): Screening {
  const now = input.now ?? new Date();
  const result = scoreText({
    text: item.text,
    links: item.links,
    authorAgeHours: (now.getTime() - input.authorCreatedAt.getTime()) / 3_600_000,
    newAccountHours: input.newAccountHours,
  });
  return { verdict: result.verdict, status: result.verdict === 'held' ? 'held' : 'visible', reasons: result.reasons };
}

/** Scores a piece of writing as it is written: a held verdict keeps it from everyone but its author and staff. */
export function screenWriting(input: ScreenInput): Screening {
  return scoreItem(input, readItem(input));
}

/**
 * Scores a piece of writing and looks its identifiers up in the suspect registry: one staff registered from a scam
 * holds the item whatever its wording, one members reported as a scam warns readers at least. The reason names the
 * identifier ("registry:upi refund.help@ybl"), so staff see in the review case what held it.
 */
export async function screenWithRegistry(db: Db, input: ScreenInput): Promise<Screening> {
  const screening = await screenWithRegistryOnly(db, input);
  for (const observer of verdictObservers) observer(screening.verdict);
  return screening;
}

/**
 * Scores an item again after it was written (its images' text read in the background): as screenWithRegistry, but
 * the verdict observers are not told, since the item was counted when it was written.
 */
export function rescreenWithRegistry(db: Db, input: ScreenInput): Promise<Screening> {
  return screenWithRegistryOnly(db, input);
}

const verdictObservers = new Set<(verdict: Verdict) => void>();
/** Tells `observer` each post's and comment's final verdict (the metrics count them); the answer stops it. */
export function observeVerdicts(observer: (verdict: Verdict) => void): () => void {
  verdictObservers.add(observer);
  return () => void verdictObservers.delete(observer);
}

async function screenWithRegistryOnly(db: Db, input: ScreenInput): Promise<Screening> {
  const item = readItem(input);
  const screening = withQrPayment(scoreItem(input, item), item.qr);
  const found = await findSuspects(db, suspectsIn(item.text, item.links));
  if (found.length === 0) return screening;
  const reasons = [
    ...screening.reasons,
    ...found.map((row) => `${row.status === 'registered' ? 'registry' : 'suspected'}:${row.kind} ${row.value}`),
  ];
  if (found.some((row) => row.status === 'registered')) return { verdict: 'held', status: 'held', reasons };
  return { verdict: screening.verdict === 'ok' ? 'warn' : screening.verdict, status: screening.status, reasons };
}

/**
 * A QR code that asks whoever scans it to pay (a UPI pay link) warns readers at least: "scan to receive" is how the
 * refund, prize and buyer scams take money, since scanning a payment code only ever sends it. Its payee is named.
 */
function withQrPayment(screening: Screening, qr: QrReading): Screening {
  if (!qr.paymentRequest) return screening;
  const reasons = [...screening.reasons, `qr:upi-pay ${qr.payees.join(' ') || 'unknown payee'}`.trim()];
  return { ...screening, verdict: screening.verdict === 'ok' ? 'warn' : screening.verdict, reasons };
}

/** The banner readers get on an item the shield warned about; none on others (held items are seen only by author and staff). */
export function safetyWarningFor(verdict: string | null | undefined): SafetyWarning {
  return verdict === 'warn' || verdict === 'held' ? { kind: 'scam', message: SCAM_WARNING_MESSAGE } : null;
}
