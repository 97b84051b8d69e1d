import { domainToUnicode } from 'node:url';
import reference from './official-domains.json' with { type: 'json' };

/** What a link's host says about it: trusted, a lookalike of a real brand, a shortener, an app file, or plain. */
export type LinkFinding =
  | { kind: 'official'; host: string }
  | {
      kind: 'lookalike';
      host: string;
      imitates: string;
      how: 'edit-distance' | 'characters' | 'brand-with-words' | 'other-ending' | 'government-name';
    }
  | { kind: 'shortener'; host: string }
  | { kind: 'app-file'; host: string }
  | { kind: 'ip-address'; host: string }
  | { kind: 'risky-ending'; host: string }
  | { kind: 'plain'; host: string };

const officialDomains = new Set(reference.domains);
const trustedSuffixes = reference.trustedSuffixes;
const shorteners = new Set(reference.shorteners);
const riskyEndings = new Set(reference.riskyEndings);
const brands = reference.brands;
/** Real names that are also ordinary words or other companies' names: never compared by distance or ending. */
const genericLabels = new Set(reference.genericLabels);

/** Two-part endings, so that "sbi-kyc.co.in" has the label "sbi-kyc" and not "co". */
const secondLevelEndings = new Set([
  'co.in',
  'org.in',
  'net.in',
  'gov.in',
  'nic.in',
  'ac.in',
  'edu.in',
  'firm.in',
  'gen.in',
  'ind.in',
  'bank.in',
  'co.uk',
  'com.au',
  'in.net',
]);

/** The label people read as the name: the part before the public ending. */
export function registrableParts(host: string): { label: string; ending: string } {
  const parts = host.split('.');
  const lastTwo = parts.slice(-2).join('.');
  if (parts.length >= 3 && secondLevelEndings.has(lastTwo)) {
    return { label: parts[parts.length - 3], ending: lastTwo };
  }
  return { label: parts.length >= 2 ? parts[parts.length - 2] : parts[0], ending: parts[parts.length - 1] };
}

/**
 * Characters that pass for one another at a glance: digits for letters, letter pairs that read as one letter.
 * Both sides of a comparison are folded the same way, so "hdfcbank" and "hdfcbamk" differ while "paytrn" and "paytm" meet.
 */
function skeleton(label: string): string {
  return label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[а]/g, 'a')
    .replace(/[е]/g, 'e')
    .replace(/[о]/g, 'o')
    .replace(/[р]/g, 'p')
    .replace(/[с]/g, 'c')
    .replace(/[х]/g, 'x')
    .replace(/[у]/g, 'y')
    .replace(/[і]/g, 'i')
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/cl/g, 'd')
    .replace(/[1il|!]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/3/g, 'e')
    .replace(/[4@]/g, 'a')
    .replace(/[5$]/g, 's')
    .replace(/7/g, 't')
    .replace(/8/g, 'b')
    .replace(/-/g, '');
}

/** Levenshtein distance with an early exit once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/** Words fraud sites add to a brand: "sbi-kyc-update", "hdfcnetbanking-verify", "icicirewards". */
const bait =
  /(kyc|update|verify|verification|secure|security|login|signin|online|reward|rewards|point|points|refund|help|helpdesk|support|care|customer|service|services|bank|banking|netbanking|net|app|apk|portal|account|acc|alert|block|unblock|card|credit|offer|gift|cashback|bonus|claim|pay|payment|upi|pan|aadhar|aadhaar|link|official|india|ind|gov|govt|yojana|scheme|subsidy|loan|limit|redeem|lucky|prize|win|support|desk|center|centre|in)/;

/** Each real name once, with its look-alike shape computed ahead (judging a host stays well under a millisecond). */
const officialLabels = new Map<string, { domain: string; shape: string }>();
for (const domain of officialDomains) {
  const { label } = registrableParts(domain);
  if (label.length >= 3 && !genericLabels.has(label) && !officialLabels.has(label))
    officialLabels.set(label, { domain, shape: skeleton(label) });
}

const brandSkeletons = brands.map((brand) => ({ brand, shape: skeleton(brand) }));
const brandShapes = new Set(brandSkeletons.map(({ shape }) => shape));

/** A brand with bait words or another brand around it, compared by shape so "y0nosbi" is "yono" + "sbi". */
function imitatesByWords(label: string): string | undefined {
  const tokens = label.split('-').filter(Boolean);
  const shapes = tokens.map(skeleton);
  for (const { brand, shape } of brandSkeletons) {
    if (tokens.length > 1 && shapes.includes(shape)) return brand;
    for (const token of shapes) {
      if (token.length <= shape.length) continue;
      if (token.startsWith(shape)) {
        const rest = token.slice(shape.length);
        if (bait.test(rest) || brandShapes.has(rest)) return brand;
      }
      if (token.endsWith(shape)) {
        const rest = token.slice(0, token.length - shape.length);
        if ((shape.length >= 4 && bait.test(rest)) || brandShapes.has(rest)) return brand;
      }
    }
  }
  return undefined;
}

function isOfficial(host: string): boolean {
  if (officialDomains.has(host)) return true;
  for (const domain of officialDomains) if (host.endsWith(`.${domain}`)) return true;
  for (const suffix of trustedSuffixes) if (host === suffix || host.endsWith(`.${suffix}`)) return true;
  return false;
}

/** Judges one host name (lowercase, without port). `path` lets an ".apk" download be seen. */
export function judgeHost(rawHost: string, path = ''): LinkFinding {
  const lowered = rawHost
    .toLowerCase()
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  // Punycode ("xn--") is read as the letters a person sees, so Cyrillic look-alikes meet their Latin twins.
  const host = lowered.includes('xn--') ? domainToUnicode(lowered) || lowered : lowered;
  if (/\.apk(\b|$)/i.test(path) || /\.apk$/.test(host)) return { kind: 'app-file', host };
  if (isOfficial(host)) return { kind: 'official', host };
  if (shorteners.has(host)) return { kind: 'shortener', host };
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) return { kind: 'ip-address', host };

  const { label, ending } = registrableParts(host);
  const plainLabel = label;
  const labelSkeleton = skeleton(plainLabel);

  // The real name under another ending: hdfcbank.in, uidai.in, incometax.co.in.
  const sameName = officialLabels.get(plainLabel);
  if (sameName && plainLabel.length >= 4) return { kind: 'lookalike', host, imitates: sameName.domain, how: 'other-ending' };

  for (const [officialLabel, { domain, shape }] of officialLabels) {
    if (officialLabel.length < 4) continue;
    if (labelSkeleton === shape && plainLabel !== officialLabel) {
      return { kind: 'lookalike', host, imitates: domain, how: 'characters' };
    }
    const allowed = officialLabel.length >= 8 ? 2 : officialLabel.length >= 5 ? 1 : 0;
    if (allowed > 0 && plainLabel !== officialLabel && editDistance(labelSkeleton, shape, allowed) <= allowed) {
      return { kind: 'lookalike', host, imitates: domain, how: 'edit-distance' };
    }
  }

  // Every label of the host, so "sbi.kyc-verify.xyz" and "hdfcbank.com.secure-login.in" are caught too.
  for (const part of host.split('.').slice(0, -1)) {
    const brand = imitatesByWords(part) ?? (part !== label && brands.includes(part) ? part : undefined);
    if (brand) return { kind: 'lookalike', host, imitates: brand, how: 'brand-with-words' };
  }

  // A government name outside the government's own endings: pmkisan-gov.in, india-govt.online.
  if (/(^|[-.])(gov|govt|sarkar|sarkari|yojana|yojna)([-.]|$)|gov(t)?in\b/.test(host.slice(0, host.length - ending.length))) {
    return { kind: 'lookalike', host, imitates: 'gov.in', how: 'government-name' };
  }

  if (riskyEndings.has(ending)) return { kind: 'risky-ending', host };
  return { kind: 'plain', host };
}
