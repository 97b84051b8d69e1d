/** Joining circles (docs/glossary.md, Membership): the join call with the spec's toasts, what its outcome does to
 * the circle on screen, and the join button's face. */
import type { MapStore } from 'nanostores';
import { api, ApiError } from '../lib/browser/api-client.ts';
import type { Circle, JoinResult } from '../lib/api-types.ts';
import { toast } from '../lib/toast.ts';
import { showVerificationNeeded } from './verification-gate.store.ts';
import { formatNumber, translator, type Lang, type Translate } from '../lib/i18n.ts';
import { $lang } from './lang.store.ts';

export type JoinOutcome = 'joined' | 'pending' | 'already' | 'failed';

/**
 * Joins a channel by name with the toasts of spec section 8:
 * success 'Joined channel {name} successfully!', 400 "You've already joined {name}", else 'Failed to join {name}'.
 * A private channel answers 202: the request waits for the owner.
 */
export async function joinChannel(name: string): Promise<JoinOutcome> {
  const t = translator($lang.get());
  try {
    const result = await api<JoinResult>('/api/circles/join-by-name/', { method: 'POST', body: { circle_name: name } });
    if (result.status === 'pending') {
      void toast(t('join.requestSent', { name }), 'info');
      return 'pending';
    }
    void toast(t('join.joined', { name }), 'success');
    return 'joined';
  } catch (error) {
    // A channel that checks a verification the person lacks: the app frame's notice says what and offers to verify.
    if (showVerificationNeeded(error)) return 'failed';
    if (error instanceof ApiError && error.status === 400) {
      void toast(t('join.already', { name }), 'info');
      return 'already';
    }
    console.error(`Failed to join ${name}`, error);
    void toast(t('join.failed', { name }), 'error');
    return 'failed';
  }
}

/** The circle as it stands after a join attempt: joining adds one member locally (spec section 4). */
export function applyJoinOutcome(circle: Circle, outcome: JoinOutcome): Circle {
  switch (outcome) {
    case 'joined':
      return { ...circle, is_member: true, membership_status: 'member', members_count: circle.members_count + 1 };
    case 'already':
      return { ...circle, is_member: true, membership_status: 'member' };
    case 'pending':
      return { ...circle, membership_status: 'pending' };
    default:
      return circle;
  }
}

/** A list of circles with Join buttons (Popular Channels, Explore): its circles and those a join is under way for. */
export type JoinableList = { items: Circle[]; joining: number[] };

/**
 * Join from a list: the circle shows 'joining' meanwhile, then takes the outcome as the channel page does (a join adds
 * one member). The toasts come from joinChannel().
 */
export async function joinListed<S extends JoinableList>($list: MapStore<S>, circle: Circle): Promise<JoinOutcome> {
  $list.set({ ...$list.get(), joining: [...$list.get().joining, circle.id] });
  const outcome = await joinChannel(circle.name);
  const current = $list.get();
  $list.set({
    ...current,
    items: current.items.map((c) => (c.id === circle.id ? applyJoinOutcome(c, outcome) : c)),
    joining: current.joining.filter((id) => id !== circle.id),
  });
  return outcome;
}

export type JoinButton = { label: string; disabled: boolean };

/**
 * The join button's face: Join / Joining... / Joined for public circles (spec section 4);
 * for a private circle a non-member asks, then waits: Request to join / Requesting... / Request pending.
 */
export function joinButton(circle: Circle, joining: boolean, joinLabel?: string, t: Translate = translator($lang.get())): JoinButton {
  if (circle.is_member) return { label: t('join.joinedLabel'), disabled: true };
  if (circle.channel_type === 'private') {
    if (circle.membership_status === 'pending') return { label: t('join.pending'), disabled: true };
    return joining ? { label: t('join.requesting'), disabled: true } : { label: t('join.request'), disabled: false };
  }
  return joining ? { label: t('join.joining'), disabled: true } : { label: joinLabel ?? t('join.join'), disabled: false };
}

/** 'N members', exactly as the spec writes it (like 'N Comments'), for every N, so each screen says it the same way. */
export const membersLabel = (count: number, lang: Lang = $lang.get()) =>
  translator(lang)('app.popular.members', { count, formatted: formatNumber(count, lang) });
