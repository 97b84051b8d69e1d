import { atom } from 'nanostores';
import { ApiError } from '../lib/browser/api-client.ts';
import type { CircleRequirement } from '../lib/api-types.ts';
import { translator, type Translate } from '../lib/i18n.ts';

/**
 * A channel refused a join, post or comment for a missing verification (403 `verification_required`). Any island
 * that meets one puts it here; the notice in the app frame shows the message with a "Verify now" action.
 */
export type VerificationNeeded = { detail: string; requirement: CircleRequirement };

export const $verificationNeeded = atom<VerificationNeeded | null>(null);

/** The refusal inside an API error, or null when the error is something else. */
export function verificationNeededOf(error: unknown): VerificationNeeded | null {
  if (!(error instanceof ApiError) || error.status !== 403) return null;
  const data = error.data as { code?: unknown; detail?: unknown; requirement?: unknown } | null;
  if (!data || data.code !== 'verification_required' || typeof data.detail !== 'string' || !data.requirement) return null;
  return { detail: data.detail, requirement: data.requirement as CircleRequirement };
}

/** Shows the notice for a refusal; true when the error was one (the caller then shows nothing of its own). */
export function showVerificationNeeded(error: unknown): boolean {
  const needed = verificationNeededOf(error);
  if (needed) $verificationNeeded.set(needed);
  return needed !== null;
}

export const dismissVerificationNeeded = () => $verificationNeeded.set(null);

/** The profile's Verifications section, with the way back to where the person was. */
export function verifyNowHref(here: { pathname: string; search: string; hash?: string }): string {
  return `/profile?return=${encodeURIComponent(here.pathname + here.search + (here.hash ?? ''))}#verifications`;
}

/** A return path from the query, only when it is a path on this site (never another origin). */
export function safeReturnPath(search: string): string | null {
  const value = new URLSearchParams(search).get('return');
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** "Members verified: academic e-mail", as the banner, the panel and search show a requirement. */
/**
 * What a channel asks of its members, in the reader's language: worded from the requirement's kind and value (the
 * server's `label` is English); an institution keeps its own name.
 */
export function requirementLabel(requirement: CircleRequirement, t: Translate = translator('en')): string {
  if (requirement.kind === 'academic') return t('app.requirementLabels.academic');
  if (requirement.kind === 'institution')
    return t('app.requirementLabels.institution', { name: requirement.label.replace(/ e-mail$/, '') });
  return t(`app.requirementLabels.credential.${requirement.value}`, { defaultValue: requirement.label });
}

export const requirementText = (requirement: CircleRequirement, t: Translate = translator('en')) =>
  t('app.membersVerified', { label: requirementLabel(requirement, t) });
