import { describe, expect, it } from 'vitest';
import { toCircle, type CircleRow } from './circle-mapper.ts';

const row = (overrides: Partial<CircleRow> = {}): CircleRow => ({
  id: 7,
  name: 'Science Hub',
  description: 'Labs and launches.',
  descriptionVerdict: 'ok',
  channelType: 'public',
  ownerId: 1,
  membersCount: 3,
  themeColors: { primary: '#123456', secondary: '#654321' },
  createdAt: new Date('2026-01-02T03:04:05Z'),
  requirementKind: null,
  requirementValue: null,
  altTextRequired: false,
  viewerRole: null,
  viewerPending: false,
  ...overrides,
});

describe('toCircle', () => {
  it('builds the spec’s Circle, channel_name being the name', () => {
    expect(toCircle(row(), null)).toEqual({
      id: 7,
      name: 'Science Hub',
      description: 'Labs and launches.',
      channel_type: 'public',
      channel_name: 'Science Hub',
      members_count: 3,
      is_member: false,
      is_owner: false,
      is_moderator: false,
      membership_status: 'none',
      theme_colors: { primary: '#123456', secondary: '#654321' },
      created_at: '2026-01-02T03:04:05.000Z',
      requirement: null,
      alt_text_required: false,
    });
  });

  it('shows the requirement with its label', () => {
    expect(toCircle(row({ requirementKind: 'academic' }), null).requirement).toEqual({
      kind: 'academic',
      value: null,
      label: 'academic e-mail',
    });
    expect(toCircle(row({ requirementKind: 'institution', requirementValue: 'iitb.ac.in' }), null).requirement).toEqual({
      kind: 'institution',
      value: 'iitb.ac.in',
      label: 'IIT Bombay e-mail',
    });
    expect(toCircle(row({ requirementKind: 'credential', requirementValue: 'ca' }), null).requirement).toEqual({
      kind: 'credential',
      value: 'ca',
      label: 'CA credential',
    });
  });

  it('derives the viewer’s membership', () => {
    expect(toCircle(row({ viewerRole: 'owner' }), 1)).toMatchObject({ is_member: true, is_owner: true, membership_status: 'member' });
    expect(toCircle(row({ viewerRole: 'member' }), 2)).toMatchObject({ is_member: true, is_owner: false, membership_status: 'member' });
    expect(toCircle(row({ viewerPending: true }), 3)).toMatchObject({ is_member: false, membership_status: 'pending' });
    expect(toCircle(row({ ownerId: null }), null).is_owner).toBe(false);
  });
});
