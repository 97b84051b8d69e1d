import type { CircleRequirement, IdentityChip, Verification } from '../../../lib/api-types.ts';
import type { InstitutionTable } from './institutions.ts';
import { translator } from '../../../lib/i18n.ts';

/**
 * The verification model's rules in one place: what each proof is called, how a person's proofs become chips
 * (institutions named only from K members up), and what a channel's requirement asks for, in words.
 */

export const CREDENTIAL_KINDS = ['ca', 'cfa', 'doctor', 'lawyer', 'engineer', 'other'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
/** Kinds a channel may require ('other' names differ from person to person). */
export const REQUIRABLE_CREDENTIALS = ['ca', 'cfa', 'doctor', 'lawyer', 'engineer'] as const;

const CREDENTIAL_NAMES: Record<Exclude<CredentialKind, 'other'>, string> = {
  ca: 'CA',
  cfa: 'CFA',
  doctor: 'doctor',
  lawyer: 'lawyer',
  engineer: 'engineer',
};
/** The long form, for a channel's requirement ("chartered accountant (CA) credential"). */
const CREDENTIAL_TITLES: Record<Exclude<CredentialKind, 'other'>, string> = {
  ca: 'chartered accountant (CA)',
  cfa: 'CFA charterholder',
  doctor: 'doctor',
  lawyer: 'lawyer',
  engineer: 'engineer',
};

export const credentialName = (kind: CredentialKind, name?: string | null) =>
  kind === 'other' ? (name ?? 'credential') : CREDENTIAL_NAMES[kind];
const VERIFIED = 'Verified ';
/** "Verified CA", "Verified doctor", "Verified Company Secretary". */
export const credentialLabel = (kind: CredentialKind, name?: string | null) => `${VERIFIED}${credentialName(kind, name)}`;

/**
 * A stored credential proof's words for screens in other languages: its kind (`code`), and for 'other' the name its
 * holder gave (read back from the label credentialLabel made).
 */
function credentialWords(kind: string | null, label: string): { code?: CredentialKind; name?: string } {
  if (!kind || !(CREDENTIAL_KINDS as readonly string[]).includes(kind)) return {};
  if (kind !== 'other') return { code: kind as CredentialKind };
  return { code: 'other', name: label.startsWith(VERIFIED) ? label.slice(VERIFIED.length) : label };
}

// The API's chip labels are the English catalog's; screens word them again by kind and code (src/lib/identity-words.ts).
const english = translator('en');
export const EMAIL_CHIP: IdentityChip = { kind: 'email', label: english('identity.chips.email') };
export const ACADEMIC_LABEL = english('identity.chips.academic');
export const AADHAAR_LABEL = english('identity.chips.aadhaar');

/** A proof as stored: kind, value (institution domain or credential kind), its label for credentials, and when. */
export type ProofRow = { kind: string; value: string | null; label: string | null; verifiedAt: Date };

export type PersonProofs = {
  /** When the account was made: the sign-in address was verified then. */
  createdAt: Date;
  /** 'academic' when the sign-in address was academic. */
  identityClass: string;
  isAadhaarVerified: boolean;
  rows: readonly ProofRow[];
  /** Verified members of each institution among `rows`. */
  institutionCounts: ReadonlyMap<string, number>;
};

const earliest = (dates: Date[]) => new Date(Math.min(...dates.map((date) => date.getTime())));

/**
 * The profile's `verifications`, in chip order: the sign-in e-mail, then the academic or institution proof, then
 * credentials, then Aadhaar. An institution is named only when at least `minMembers` verified members share it;
 * below that its members show "Verified academic", so a chip never singles out a person at a small institution.
 */
export function verificationsOf(person: PersonProofs, institutions: InstitutionTable, minMembers: number): Verification[] {
  const iso = (date: Date) => date.toISOString();
  const list: Verification[] = [{ kind: 'email', label: EMAIL_CHIP.label, verified_at: iso(person.createdAt) }];
  const academicSince: Date[] = person.identityClass === 'academic' ? [person.createdAt] : [];
  const named: Verification[] = [];
  for (const row of person.rows) {
    if (row.kind === 'academic') academicSince.push(row.verifiedAt);
    if (row.kind !== 'institution' || !row.value) continue;
    const institution = institutions.forDomain(row.value);
    if (institution && (person.institutionCounts.get(row.value) ?? 0) >= minMembers) {
      named.push({ kind: 'institution', label: institution.label, verified_at: iso(row.verifiedAt) });
    } else {
      academicSince.push(row.verifiedAt);
    }
  }
  // A named institution says more than "academic": the generic chip is shown only without one.
  if (named.length) list.push(...named);
  else if (academicSince.length) list.push({ kind: 'academic', label: ACADEMIC_LABEL, verified_at: iso(earliest(academicSince)) });
  for (const row of person.rows) {
    if (row.kind === 'credential' && row.label) {
      list.push({ kind: 'credential', label: row.label, verified_at: iso(row.verifiedAt), ...credentialWords(row.value, row.label) });
    }
  }
  if (person.isAadhaarVerified) list.push({ kind: 'aadhaar', label: AADHAAR_LABEL, verified_at: iso(person.createdAt) });
  return list;
}

export const chipsOf = (verifications: readonly Verification[]): IdentityChip[] =>
  verifications.map(({ kind, label, code, name }) => ({ kind, label, ...(code ? { code } : {}), ...(name ? { name } : {}) }));

/** "Verified" once the account holds a proof beyond its sign-in e-mail. */
export const isVerifiedAccount = (verifications: readonly Verification[]) => verifications.some((v) => v.kind !== 'email');

/** Whether a person's proofs meet a channel's requirement (the sign-in address counts for 'academic'). */
export function meetsRequirement(
  person: { identityClass: string; rows: readonly Pick<ProofRow, 'kind' | 'value'>[] },
  requirement: { kind: string; value: string | null },
): boolean {
  switch (requirement.kind) {
    case 'academic':
      return person.identityClass === 'academic' || person.rows.some((row) => row.kind === 'academic' || row.kind === 'institution');
    case 'institution':
      return person.rows.some((row) => row.kind === 'institution' && row.value === requirement.value);
    case 'credential':
      return person.rows.some((row) => row.kind === 'credential' && row.value === requirement.value);
    default:
      return false;
  }
}

/** A circle's stored requirement as the API shows it, with its label ("academic e-mail", "IIT Bombay e-mail", "CA credential"). */
export function requirementOf(kind: string | null, value: string | null, institutions: InstitutionTable): CircleRequirement | null {
  if (kind === 'academic') return { kind, value: null, label: 'academic e-mail' };
  if (kind === 'institution' && value) {
    return { kind, value, label: `${institutions.forDomain(value)?.label ?? value} e-mail` };
  }
  if (kind === 'credential' && value && (REQUIRABLE_CREDENTIALS as readonly string[]).includes(value)) {
    return { kind, value, label: `${CREDENTIAL_NAMES[value as Exclude<CredentialKind, 'other'>]} credential` };
  }
  return null;
}

export type GuardedAction = 'join' | 'post' | 'comment' | 'vote';

/**
 * The 403's detail: what is needed, in words ("To post in Campus Connect you need a verified academic e-mail address.").
 * In English from the catalog (`verificationsApi.*`), which the language plugin words again in the client's language.
 */
export function requirementMessage(
  requirement: CircleRequirement,
  circleName: string,
  action: GuardedAction,
  institutions: InstitutionTable,
): string {
  const t = translator('en');
  const needed =
    requirement.kind === 'academic'
      ? t('verificationsApi.needed.academic')
      : requirement.kind === 'institution'
        ? t('verificationsApi.needed.institution', {
            label: institutions.forDomain(requirement.value ?? '')?.label ?? requirement.value,
            domain: requirement.value,
          })
        : t('verificationsApi.needed.credential', {
            credential: CREDENTIAL_TITLES[requirement.value as Exclude<CredentialKind, 'other'>] ?? requirement.value,
          });
  return t(`verificationsApi.need.${action}`, { circle: circleName, needed });
}
