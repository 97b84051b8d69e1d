/** The grievance form and the tracking page: filing a complaint, then following it by its private link. */
import { atom } from 'nanostores';
import { ApiError, api } from '../../lib/browser/api-client.ts';
import type { GrievanceTracking } from '../../lib/grievance-rules.ts';
import { translator, type Translate } from '../../lib/i18n.ts';
import { isValidEmail, isWebLink } from '../../lib/validation-rules.ts';
import { $lang } from '../../stores/lang.store.ts';

export type GrievanceFields = { category: string; content_link: string; description: string; email: string };
export type GrievanceErrors = Partial<Record<keyof GrievanceFields, string>>;

/** The form's fields; an empty one is worded by `grievance.form.required.<field>` in the catalogs. */
export const GRIEVANCE_FIELDS: (keyof GrievanceFields)[] = ['category', 'content_link', 'description', 'email'];

export type FilingState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'filed'; ticket: string; trackingUrl: string }
  | { status: 'failed'; message: string; errors: GrievanceErrors };

export const $filing = atom<FilingState>({ status: 'idle' });

export function grievanceErrors(fields: GrievanceFields, t: Translate = translator($lang.get())): GrievanceErrors {
  const errors: GrievanceErrors = {};
  for (const key of GRIEVANCE_FIELDS) {
    if (!fields[key].trim()) errors[key] = t(`grievance.form.required.${key}`);
  }
  if (!errors.email && !isValidEmail(fields.email)) errors.email = t('grievance.form.invalidEmail');
  if (!errors.content_link && !isWebLink(fields.content_link)) errors.content_link = t('api.webLink');
  return errors;
}

/** Files the complaint; the server's field errors come back per field. */
export async function fileGrievance(fields: GrievanceFields): Promise<FilingState> {
  if ($filing.get().status === 'sending') return $filing.get();
  $filing.set({ status: 'sending' });
  try {
    const body = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.trim()]));
    const filed = await api<{ ticket: string; tracking_url: string }>('/api/grievances/', { method: 'POST', body });
    $filing.set({ status: 'filed', ticket: filed.ticket, trackingUrl: filed.tracking_url });
  } catch (error) {
    const errors: GrievanceErrors = {};
    if (error instanceof ApiError && error.data && typeof error.data === 'object') {
      for (const [field, messages] of Object.entries(error.data as Record<string, unknown>)) {
        if ((GRIEVANCE_FIELDS as string[]).includes(field) && Array.isArray(messages))
          errors[field as keyof GrievanceFields] = String(messages[0]);
      }
    }
    const message = error instanceof ApiError && error.status === 429 ? error.message : translator($lang.get())('grievance.form.failed');
    $filing.set({ status: 'failed', message, errors });
  }
  return $filing.get();
}

export type { GrievanceTracking };

export type TrackingState =
  { status: 'loading' } | { status: 'found'; grievance: GrievanceTracking } | { status: 'missing' } | { status: 'failed' };

export const $tracking = atom<TrackingState>({ status: 'loading' });

/** Loads a grievance by the ticket and key of its tracking link (`?ticket=…&key=…`). */
export async function loadTracking(search: string): Promise<TrackingState> {
  const params = new URLSearchParams(search);
  const ticket = params.get('ticket') ?? '';
  const key = params.get('key') ?? '';
  if (!ticket || !key) {
    $tracking.set({ status: 'missing' });
    return $tracking.get();
  }
  $tracking.set({ status: 'loading' });
  try {
    const grievance = await api<GrievanceTracking>(`/api/grievances/${encodeURIComponent(ticket)}/`, { query: { key } });
    $tracking.set({ status: 'found', grievance });
  } catch (error) {
    $tracking.set(error instanceof ApiError && error.status === 404 ? { status: 'missing' } : { status: 'failed' });
  }
  return $tracking.get();
}
