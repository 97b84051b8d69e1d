import { api, ApiError } from '../../../lib/api-client.ts';
import type { ChannelType, Circle } from '../../../lib/api-types.ts';

export { CIRCLE_NAME_MAX as NAME_MAX, CIRCLE_DESCRIPTION_MAX as DESCRIPTION_MAX } from '../../../lib/validation-rules.ts';

export type ChannelDraft = { name: string; description: string; channel_type: ChannelType };
export type ChannelErrors = { name?: string; description?: string; channel_type?: string; form?: string };
export type CreateResult = { ok: true; circle: Circle } | { ok: false; errors: ChannelErrors };

export const CREATE_FAILED = 'Could not create the channel. Please try again.';

/** Spec section 5: name and description must be non-blank to go on to step 2. */
export const canProceed = (draft: Pick<ChannelDraft, 'name' | 'description'>) => draft.name.trim() !== '' && draft.description.trim() !== '';

/** The server's answer as messages per field; anything else goes to the form. */
export function readChannelErrors(error: unknown): ChannelErrors {
  if (!(error instanceof ApiError) || !error.data || typeof error.data !== 'object') return { form: CREATE_FAILED };
  const data = error.data as Record<string, unknown>;
  const first = (value: unknown) => (Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined);
  const errors: ChannelErrors = {};
  if (first(data.name)) errors.name = first(data.name);
  if (first(data.description)) errors.description = first(data.description);
  if (first(data.channel_type)) errors.channel_type = first(data.channel_type);
  const other = typeof data.detail === 'string' ? data.detail : first(data.non_field_errors);
  if (other) errors.form = other;
  return Object.keys(errors).length ? errors : { form: error.status === 0 ? CREATE_FAILED : error.message || CREATE_FAILED };
}

export async function createChannel(draft: ChannelDraft): Promise<CreateResult> {
  try {
    const circle = await api<Circle>('/api/circles/', {
      method: 'POST',
      body: { name: draft.name.trim(), description: draft.description.trim(), channel_type: draft.channel_type },
    });
    return { ok: true, circle };
  } catch (error) {
    console.error('Failed to create the channel', error);
    return { ok: false, errors: readChannelErrors(error) };
  }
}
