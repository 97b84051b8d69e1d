/** Drafts of posts on the server (the create-post screen saves them as the member types; the profile lists them). */
import { api, ApiError } from '../../../lib/browser/api-client.ts';
import type { Draft, Paged } from '../../../lib/api-types.ts';

/** What a draft keeps of the create-post form: the channel (a name, as the picker holds it), the title and the text. */
export type DraftFields = { circle: string; title: string; description: string };

export const isBlankDraft = (fields: DraftFields) => fields.circle.trim() === '' && fields.title.trim() === '' && fields.description === '';

/** Saves the form as a draft on the server: a new one (POST) or the one being written (PUT). */
export function saveDraft(id: number | null, fields: DraftFields): Promise<Draft> {
  const body = { circle: fields.circle.trim() || null, title: fields.title, description: fields.description };
  return id === null
    ? api<Draft>('/api/users/me/drafts/', { method: 'POST', body })
    : api<Draft>(`/api/users/me/drafts/${id}/`, { method: 'PUT', body });
}

export const loadDraft = (id: number) => api<Draft>(`/api/users/me/drafts/${id}/`);

/** Deletes a draft (once its post is made, or when the member throws it away); a draft already gone is fine. */
export async function deleteDraft(id: number): Promise<void> {
  try {
    await api(`/api/users/me/drafts/${id}/`, { method: 'DELETE' });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
  }
}

/** The member's drafts, most recently changed first (for the profile). */
export const listDrafts = () => api<Paged<Draft>>('/api/users/me/drafts/');
