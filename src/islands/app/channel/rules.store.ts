/** Channels' rules, shared by the channel page, a post's sidebar and the owner's editor: one entry per channel. */
import { map } from 'nanostores';
import { api } from '../../../lib/browser/api-client.ts';
import type { CircleRule } from '../../../lib/api-types.ts';

/** A channel's own rules by its id; missing while loading, empty when it has none (the site's rules then show). */
export const $rules = map<Record<number, CircleRule[]>>({});

/** Loads a channel's rules once; a failure shows the site's rules rather than nothing. */
export async function loadRules(circleId: number): Promise<void> {
  if ($rules.get()[circleId]) return;
  try {
    $rules.setKey(circleId, (await api<{ rules: CircleRule[] }>(`/api/circles/${circleId}/rules/`)).rules);
  } catch (error) {
    console.error('Failed to load the channel rules', error);
    $rules.setKey(circleId, []);
  }
}

/** The owner saves the channel's rules; the answer is what everyone now sees. */
export async function saveRules(circleId: number, rules: CircleRule[]): Promise<void> {
  const saved = await api<{ rules: CircleRule[] }>(`/api/circles/${circleId}/rules/`, { method: 'PUT', body: { rules } });
  $rules.setKey(circleId, saved.rules);
}
