import { describe, expect, it } from 'vitest';
import type { Circle } from '../lib/api-types.ts';
import { applyJoinOutcome, joinButton, membersLabel } from './membership.store.ts';

const circle = (over: Partial<Circle> = {}): Circle => ({
  id: 1,
  name: 'Science Hub',
  description: '',
  channel_type: 'public',
  channel_name: 'Science Hub',
  members_count: 4,
  is_member: false,
  is_owner: false,
  is_moderator: false,
  membership_status: 'none',
  theme_colors: { primary: '#000', secondary: '#111' },
  created_at: '',
  requirement: null,
  alt_text_required: false,
  ...over,
});

describe('join button (spec section 4)', () => {
  it('goes Join, Joining..., Joined on a public circle', () => {
    expect(joinButton(circle(), false)).toEqual({ label: 'Join', disabled: false });
    expect(joinButton(circle(), true)).toEqual({ label: 'Joining...', disabled: true });
    expect(joinButton(circle({ is_member: true }), false)).toEqual({ label: 'Joined', disabled: true });
    expect(joinButton(circle(), false, 'Join Community').label).toBe('Join Community');
  });

  it('asks to join a private circle and then waits', () => {
    expect(joinButton(circle({ channel_type: 'private' }), false).label).toBe('Request to join');
    expect(joinButton(circle({ channel_type: 'private', membership_status: 'pending' }), false)).toEqual({
      label: 'Request pending',
      disabled: true,
    });
  });
});

describe('applyJoinOutcome', () => {
  it('adds one member locally after joining', () => {
    expect(applyJoinOutcome(circle(), 'joined')).toMatchObject({ is_member: true, members_count: 5 });
  });

  it('marks an already-joined circle as joined without counting twice', () => {
    expect(applyJoinOutcome(circle(), 'already')).toMatchObject({ is_member: true, members_count: 4 });
  });

  it('records a pending request, and leaves a failure as it was', () => {
    expect(applyJoinOutcome(circle(), 'pending').membership_status).toBe('pending');
    expect(applyJoinOutcome(circle(), 'failed')).toEqual(circle());
  });

  it('says N members for every N, as the spec writes it', () => {
    expect(membersLabel(1)).toBe('1 member');
    expect(membersLabel(12)).toBe('12 members');
  });
});
