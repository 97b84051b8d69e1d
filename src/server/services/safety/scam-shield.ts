import { judgeHost, type LinkFinding } from './domains.ts';
import { textFeatures } from './features.ts';
import { currentModel, headScore, stage2Probability, stage2Vector, type ShieldModel } from './model.ts';
import { normalise } from './normalise.ts';
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

/** What the rules read in a text: their reasons and scheme for staff, their signals for the learned stage. */
export type RuleReading = {
  /** The normalised text the rules read. */
  text: string;
  score: number;
  reasons: string[];
  pattern: Pattern | null;
  /** Each rule that fired, by name (0–1): features of the learned second stage. */
  signals: Record<string, number>;
  /** A young account's item with a link that is not a known real site (held more readily). */
  newAccountLink: boolean;
};

export type ScoreResult = {
  verdict: Verdict;
  score: number;
  /** Why, for staff: "scheme:kyc-threat", "asks-for-secret", "link:lookalike sbi-kyc.in ~ sbi.co.in", … */
  reasons: string[];
  /** The scheme that fits best, when one does. */
  pattern: Pattern | null;
};

/** The rule-based shield's own thresholds, kept to scale its score into a feature of the learned stage. */
const HOLD_AT = 7;
const DEFAULT_NEW_ACCOUNT_HOURS = 24;

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
const FEE_REPORTED_AFTER =
  /^[^\u0900-\u097fa-z0-9]*(?:[^\s]+\s+){0,2}(?:was|were|tha|thi|lagi|laga|lage|paid|charged|deducted|गया|था|थी|लगा|लगी|लगे)(?![a-z])/;
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

/**
 * The hand-written rules, read as signals: each rule's outcome is a feature of the learned second stage (model.ts),
 * and the rules' reasons and scheme are what staff read. `score` is the rules' own sum, kept as one more feature.
 */
export function readRules(input: ScoreInput): RuleReading {
  const text = normalise(input.text);
  // Links are judged before look-alike letters are folded: "раytm.com" with a Cyrillic р must not read as paytm.com.
  const linkText = normalise(input.text, { foldLookalikes: false });
  const signals: Record<string, number> = {};
  const reasons: string[] = [];
  let score = 0;
  const kinds = new Set<string>();

  const add = (kind: string, weight: number, reason = kind) => {
    score += weight;
    kinds.add(kind);
    reasons.push(reason);
    const signal = reason.startsWith('link:') ? reason.split(' ')[0] : reason;
    signals[signal] = 1;
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
    signals['mobile-number'] = 1;
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
      signals['scheme-decisive'] = 1;
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

  const links = findLinks(linkText, input.links ?? []);
  let officialSeen = false;
  let unknownLink = false;
  for (const link of links) {
    switch (link.kind) {
      case 'official':
        if (!officialSeen) score += WEIGHTS.officialLink;
        officialSeen = true;
        signals['link:official'] = 1;
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
        signals['link:plain'] = 1;
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

  signals.schemes = Math.min(schemeHits, 3) / 3;
  signals.kinds = Math.min(kinds.size, 5) / 5;
  const warnings = count(warning, text);
  signals['warning-phrases'] = Math.min(warnings, 3) / 3;
  if (warnings > 0) reasons.push('warning-or-report-context');
  // The rules' own verdict, as the rule-based shield computed it: a member warning others has the scam's signals damped.
  const damped =
    warnings > 0
      ? score * (warnings > 1 ? WEIGHTS.warningScaleStrong : WEIGHTS.warningScale) +
        (warnings > 1 ? WEIGHTS.warningStrong : WEIGHTS.warning)
      : score;
  signals['rule-score'] = Math.max(-1, Math.min(2, damped / HOLD_AT));

  const newAccountHours = input.newAccountHours ?? DEFAULT_NEW_ACCOUNT_HOURS;
  const isNew = newAccountHours > 0 && input.authorAgeHours !== undefined && input.authorAgeHours < newAccountHours;
  if (isNew && unknownLink) reasons.push('new-account-link');
  return { text, score: Math.round(damped * 10) / 10, reasons, pattern, signals, newAccountLink: isNew && unknownLink };
}

/**
 * Scores a text: the rules read it (their reasons and scheme are what staff see), the learned model weighs the rules'
 * signals with its own reading of the words (model.ts), and its probability against the thresholds chosen on the
 * validation split gives the verdict. A young account's item with a link that is not a known real site is held from
 * the warn threshold on: new accounts are where link spam comes from.
 */
export function scoreText(input: ScoreInput, model: ShieldModel = currentModel()): ScoreResult {
  const reading = readRules(input);
  const buckets = textFeatures([input.text, ...(input.links ?? [])].join(' '));
  const vector = stage2Vector(headScore(model.scam, buckets), headScore(model.warning, buckets), reading);
  const probability = stage2Probability(model, vector);
  let verdict: Verdict = probability >= model.thresholds.held ? 'held' : probability >= model.thresholds.warn ? 'warn' : 'ok';
  if (verdict === 'warn' && reading.newAccountLink) verdict = 'held';
  const score = Math.round(probability * 1000) / 1000;
  return { verdict, score, reasons: [...reading.reasons, `model:${score}`], pattern: verdict === 'ok' ? null : reading.pattern };
}
