import type { Circle } from '../../../lib/api-types.ts';
import type { JoinOutcome } from '../../../stores/circles.store.ts';

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

export type JoinButton = { label: string; disabled: boolean };

/**
 * The join button's face: Join / Joining... / Joined for public circles (spec section 4);
 * for a private circle a non-member asks, then waits: Request to join / Requesting... / Request pending.
 */
export function joinButton(circle: Circle, joining: boolean, joinLabel = 'Join'): JoinButton {
  if (circle.is_member) return { label: 'Joined', disabled: true };
  if (circle.channel_type === 'private') {
    if (circle.membership_status === 'pending') return { label: 'Request pending', disabled: true };
    return joining ? { label: 'Requesting...', disabled: true } : { label: 'Request to join', disabled: false };
  }
  return joining ? { label: 'Joining...', disabled: true } : { label: joinLabel, disabled: false };
}

/** 'N members', exactly as the spec writes it (like 'N Comments'), for every N, so each screen says it the same way. */
export const membersLabel = (count: number) => `${count} members`;
