import { api } from '../../../lib/browser/api-client.ts';
import type { CircleRequirement, Paged } from '../../../lib/api-types.ts';

/** The "Who can join" choice as a form holds it: a kind, and the institution domain or credential kind. */
export type RequirementChoice = { kind: 'none' | 'academic' | 'institution' | 'credential'; value: string };

export const NO_REQUIREMENT: RequirementChoice = { kind: 'none', value: '' };

/** The kinds in the order the picker offers them; each is worded by `verifications.kinds.<kind>` in the catalogs. */
export const REQUIREMENT_KINDS: RequirementChoice['kind'][] = ['none', 'academic', 'institution', 'credential'];

/** The credentials a channel may ask for; each is named by `verifications.credentials.<kind>` in the catalogs. */
export const CREDENTIAL_CHOICES = ['ca', 'cfa', 'doctor', 'lawyer', 'engineer'] as const;

/** What the API takes: null for anyone, else {kind, value}. */
export function requirementBody(choice: RequirementChoice): { kind: string; value: string | null } | null {
  if (choice.kind === 'none') return null;
  if (choice.kind === 'academic') return { kind: 'academic', value: null };
  return { kind: choice.kind, value: choice.value.trim() };
}

/** A circle's requirement as the form's choice. */
export const choiceOf = (requirement: CircleRequirement | null): RequirementChoice =>
  requirement ? { kind: requirement.kind, value: requirement.value ?? '' } : NO_REQUIREMENT;

/** A choice the form may send: an institution and a credential need their value. */
export const isComplete = (choice: RequirementChoice) => choice.kind === 'none' || choice.kind === 'academic' || choice.value.trim() !== '';

export type InstitutionHit = { label: string; name: string; domain: string };

export async function searchInstitutions(q: string): Promise<InstitutionHit[]> {
  if (!q.trim()) return [];
  try {
    return (await api<Paged<InstitutionHit>>('/api/institutions/', { query: { q: q.trim() } })).results;
  } catch (error) {
    console.error('Institution search failed', error);
    return [];
  }
}
