import { judgeHost, type LinkFinding } from './domains.ts';
import {
  fee,
  feeToRelease,
  handOver,
  helpSeeking,
  negationAfter,
  negationNear,
  offPlatform,
  promise,
  schemes,
  secrets,
  threat,
  urgency,
  warning,
  type Pattern,
} from './lexicon.ts';

/**
 * The scam shield: scores a piece of writing for Indian payment and impersonation fraud, in process and without
 * network calls. One scam move alone rarely proves anything (members talk about UPI, KYC and loans all day), so the
 * score adds up signals of different kinds — a secret asked for, a fee, a threat, hurry, a move to WhatsApp or a call,
 * a promise of easy money, a scheme's known story, a link that imitates a bank — and takes away for a member warning
 * others or telling what happened to them.
 */

export type Verdict = 'ok' | 'warn' | 'held';

export type ScoreInput = {
  /** Plain text (title and body together). */
  text: string;
  /** Links found outside the text (hrefs of anchors); the text is searched for links too. */
  links?: string[];
  /** Age of the writer's account; below `newAccountHours` a link is held more readily. */
  authorAgeHours?: number;
  /** NEW_ACCOUNT_HOURS; 0 turns the stricter tier off. */
  newAccountHours?: number;
};

export type ScoreResult = {
  verdict: Verdict;
  score: number;
  /** Why, for staff: "scheme:kyc-threat", "asks-for-secret", "link:lookalike sbi-kyc.in ~ sbi.co.in", … */
  reasons: string[];
  /** The scheme that fits best, when one does. */
  pattern: Pattern | null;
};

export const WARN_AT = 4;
export const HOLD_AT = 7;
/** A new account's item with a link that is not a known real site is held from this score on. */
const NEW_ACCOUNT_LINK_HOLD_AT = WARN_AT;
const DEFAULT_NEW_ACCOUNT_HOURS = 24;
/** Longer texts are read up to here: every scam we know shows its hand in the first few thousand characters. */
const MAX_CHARS = 20_000;

const WEIGHTS = {
  secretAsked: 4.5,
  fee: 2,
  feeToRelease: 2.5,
  threat: 1.5,
  urgency: 1,
  offPlatform: 1.5,
  mobileNumber: 0.5,
  promise: 1.5,
  scheme: 2.5,
  extraScheme: 0.5,
  decisive: 3,
  topicOnly: 0.3,
  lookalike: 6,
  appFile: 5,
  shortener: 4,
  ipAddress: 3,
  riskyEnding: 1.5,
  officialLink: -1,
  newAccountLink: 1,
  warningScale: 0.5,
  warningScaleStrong: 0.4,
  warning: -4,
  warningStrong: -5,
};

/** Lower case, compatibility forms folded, invisible characters and the nukta dropped, Devanagari digits as ASCII. */
export function normalise(raw: string): string {
  return raw
    .slice(0, MAX_CHARS)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u200b-\u200f\u2060\ufeff\u00ad]/g, '')
    .replace(/\u093c/g, '')
    .replace(/[\u0966-\u096f]/g, (d) => String(d.charCodeAt(0) - 0x966))
    .replace(/[\u2018\u2019`´]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ');
}

const TLDS = new Set(
  'com in org net co io me ly gl to be info biz xyz top club online site live icu buzz win loan vip cc tk ml ga cf gq shop work click link fun space website pw rest cyou sbs cfd bond lol mom store today ws su ru cn app dev ai sbi bank gov edu uk us tech pro id at gd ee so page cloud fyi life world money finance cash services support help asia mobi gy li fr de sh ms st tv nu la ps'.split(
    ' ',
  ),
);
/** A host of dotted labels; Latin, Latin-1 and Cyrillic letters so look-alike characters are caught. */
const HOST = /^[a-z0-9\u00a1-\u024f\u0400-\u04ff-]+(?:\.[a-z0-9\u00a1-\u024f\u0400-\u04ff-]+)+$/;
const MOBILE_NUMBER = /(?<![\d])(?:\+?91[\s.-]*|0)?[6-9](?:[\s.-]?\d){9}(?!\d)/g;
const APP_FILE = /(?<![a-z0-9])[a-z0-9][a-z0-9._-]*\.apk(?![a-z0-9])/g;
const IP_URL = /(?:https?:\/\/)(\d{1,3}(?:\.\d{1,3}){3})(?::\d+)?(\/[^\s]*)?/g;

/** Every link in the text and the extra list, judged by its host. */
function findLinks(text: string, extra: string[]): LinkFinding[] {
  const seen = new Set<string>();
  const findings: LinkFinding[] = [];
  const judge = (raw: string) => {
    const withoutScheme = raw.replace(/^[a-z]+:\/\//i, '');
    const cut = withoutScheme.search(/[/?#]/);
    const hostPort = cut === -1 ? withoutScheme : withoutScheme.slice(0, cut);
    const path = cut === -1 ? '' : withoutScheme.slice(cut);
    const host = hostPort.replace(/:\d+$/, '').replace(/^.*@/, '').toLowerCase();
    if (!host || seen.has(host + path)) return;
    seen.add(host + path);
    findings.push(judgeHost(host, path));
  };
  // Word by word rather than one big pattern over the text: a host-shaped regex with nested repeats backtracks badly.
  for (const word of text.split(/[\s"'<>()[\]{}|,;!]+/)) {
    if (!word.includes('.')) continue;
    const trimmed = word.replace(/[.:?]+$/, '');
    const withoutScheme = trimmed.replace(/^[a-z]+:\/\//, '');
    const cut = withoutScheme.search(/[/?#:]/);
    // "name@sbi-help.in" is an address, judged by its domain.
    const host = (cut === -1 ? withoutScheme : withoutScheme.slice(0, cut)).replace(/^.*@/, '');
    if (!HOST.test(host)) continue;
    const ending = host.slice(host.lastIndexOf('.') + 1);
    if (!TLDS.has(ending) && !ending.startsWith('xn--') && !/^https?:\/\//.test(trimmed)) continue;
    if (/^\d+(\.\d+)*$/.test(host)) continue;
    judge(trimmed.replace(/^.*@/, ''));
  }
  for (const match of text.matchAll(IP_URL)) judge(match[0]);
  for (const match of text.matchAll(APP_FILE)) {
    if (!seen.has(`apk:${match[0]}`)) findings.push({ kind: 'app-file', host: match[0] });
    seen.add(`apk:${match[0]}`);
  }
  for (const link of extra) judge(normalise(link).trim());
  return findings;
}

/** True when a "share the OTP" is really "never share the OTP" or "OTP kisi ko mat batana". */
function negated(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  const after = text.slice(end, end + 40);
  return negationNear.test(before) || negationAfter.test(after) || helpSeeking.test(before);
}

/** A secret and a verb that hands it over, close together, not negated. */
function asksForSecret(text: string): boolean {
  for (const secret of text.matchAll(secrets)) {
    const from = Math.max(0, secret.index - 80);
    const to = Math.min(text.length, secret.index + secret[0].length + 80);
    const window = text.slice(from, to);
    for (const verb of window.matchAll(handOver)) {
      const verbStart = from + verb.index;
      const verbEnd = verbStart + verb[0].length;
      const spanStart = Math.min(verbStart, secret.index);
      const spanEnd = Math.max(verbEnd, secret.index + secret[0].length);
      if (!negated(text, spanStart, spanEnd) && !negated(text, verbStart, verbEnd)) return true;
    }
  }
  return false;
}

/** A fee demanded, not a fee reported ("processing fee was ₹999") nor an exam's fee. */
const FEE_REPORTED_AFTER = /^[^\u0900-\u097fa-z0-9]*(?:[^\s]+\s+){0,2}(?:was|were|tha|thi|lagi|laga|lage|paid|charged|deducted|गया|था|थी|लगा|लगी|लगे)(?![a-z])/;
const EXAM_BEFORE = /(exam|examination|परीक्षा)[^\u0900-\u097fa-z]*$/;
function asksForFee(text: string): boolean {
  fee.lastIndex = 0;
  for (const match of text.matchAll(fee)) {
    const before = text.slice(Math.max(0, match.index - 15), match.index);
    const after = text.slice(match.index + match[0].length, match.index + match[0].length + 40);
    if (EXAM_BEFORE.test(before) || FEE_REPORTED_AFTER.test(after)) continue;
    return true;
  }
  return false;
}

function hits(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}

function count(pattern: RegExp, text: string): number {
  pattern.lastIndex = 0;
  let n = 0;
  while (pattern.exec(text)) n++;
  pattern.lastIndex = 0;
  return n;
}

export function scoreText(input: ScoreInput): ScoreResult {
  const text = normalise(input.text);
  const reasons: string[] = [];
  let score = 0;
  const kinds = new Set<string>();

  const add = (kind: string, weight: number, reason = kind) => {
    score += weight;
    kinds.add(kind);
    reasons.push(reason);
  };

  if (asksForSecret(text)) add('secret', WEIGHTS.secretAsked, 'asks-for-secret');
  if (asksForFee(text)) add('fee', WEIGHTS.fee, 'asks-for-fee');
  if (hits(feeToRelease, text)) add('fee', WEIGHTS.feeToRelease, 'fee-to-release-money');
  if (hits(threat, text)) add('threat', WEIGHTS.threat, 'threat');
  if (hits(urgency, text)) add('urgency', WEIGHTS.urgency, 'urgency');
  const mobile = hits(MOBILE_NUMBER, text);
  if (hits(offPlatform, text) || mobile) add('off-platform', WEIGHTS.offPlatform, 'moves-off-platform');
  if (mobile) {
    score += WEIGHTS.mobileNumber;
    reasons.push('mobile-number');
  }
  if (hits(promise, text)) add('promise', WEIGHTS.promise, 'promises-money');

  let pattern: Pattern | null = null;
  let schemeHits = 0;
  let topicsOnly = 0;
  for (const scheme of schemes) {
    if (!hits(scheme.topic, text)) continue;
    if (scheme.decisive && hits(scheme.decisive, text)) {
      schemeHits++;
      pattern ??= scheme.pattern;
      score += (schemeHits === 1 ? WEIGHTS.scheme : WEIGHTS.extraScheme) + WEIGHTS.decisive;
      reasons.push(`scheme:${scheme.pattern}:decisive`);
    } else if (hits(scheme.hook, text) || (scheme.feeIsHook && kinds.has('fee'))) {
      schemeHits++;
      pattern ??= scheme.pattern;
      score += schemeHits === 1 ? WEIGHTS.scheme : WEIGHTS.extraScheme;
      reasons.push(`scheme:${scheme.pattern}`);
    } else if (topicsOnly < 2) {
      topicsOnly++;
      score += WEIGHTS.topicOnly;
    }
  }

  const links = findLinks(text, input.links ?? []);
  let officialSeen = false;
  let unknownLink = false;
  for (const link of links) {
    switch (link.kind) {
      case 'official':
        if (!officialSeen) score += WEIGHTS.officialLink;
        officialSeen = true;
        break;
      case 'lookalike':
        add('link', WEIGHTS.lookalike, `link:lookalike ${link.host} ~ ${link.imitates} (${link.how})`);
        pattern ??= 'lookalike-domain';
        unknownLink = true;
        break;
      case 'app-file':
        add('link', WEIGHTS.appFile, `link:app-file ${link.host}`);
        pattern ??= 'loan-app';
        unknownLink = true;
        break;
      case 'shortener':
        add('link', WEIGHTS.shortener, `link:shortener ${link.host}`);
        pattern ??= 'shortener';
        unknownLink = true;
        break;
      case 'ip-address':
        add('link', WEIGHTS.ipAddress, `link:ip-address ${link.host}`);
        unknownLink = true;
        break;
      case 'risky-ending':
        add('link', WEIGHTS.riskyEnding, `link:risky-ending ${link.host}`);
        unknownLink = true;
        break;
      case 'plain':
        unknownLink = true;
        break;
    }
  }

  // Several different moves at once are what a scam looks like; any one of them alone is everyday talk.
  if (kinds.size >= 4) {
    score += 3;
    reasons.push('many-signals');
  } else if (kinds.size >= 3) {
    score += 1.5;
    reasons.push('several-signals');
  }

  // A member warning others quotes the scam they warn about: the scam's signals are all there, so they are damped
  // and a fixed amount is taken away, more when the warning is plain (several warning phrases).
  const warnings = count(warning, text);
  if (warnings > 0) {
    score = score * (warnings > 1 ? WEIGHTS.warningScaleStrong : WEIGHTS.warningScale) + (warnings > 1 ? WEIGHTS.warningStrong : WEIGHTS.warning);
    reasons.push('warning-or-report-context');
  }

  const newAccountHours = input.newAccountHours ?? DEFAULT_NEW_ACCOUNT_HOURS;
  const isNew = newAccountHours > 0 && input.authorAgeHours !== undefined && input.authorAgeHours < newAccountHours;
  let holdAt = HOLD_AT;
  if (isNew && unknownLink) {
    score += WEIGHTS.newAccountLink;
    holdAt = NEW_ACCOUNT_LINK_HOLD_AT;
    reasons.push('new-account-link');
  }

  score = Math.round(score * 10) / 10;
  const verdict: Verdict = score >= holdAt ? 'held' : score >= WARN_AT ? 'warn' : 'ok';
  return { verdict, score, reasons, pattern: verdict === 'ok' ? null : pattern };
}
