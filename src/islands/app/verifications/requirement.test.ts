import { describe, expect, it } from 'vitest';
import { choiceOf, isComplete, NO_REQUIREMENT, requirementBody } from './requirement.ts';

describe('the "Who can join" choice', () => {
  it('becomes the API body', () => {
    expect(requirementBody(NO_REQUIREMENT)).toBeNull();
    expect(requirementBody({ kind: 'academic', value: 'ignored' })).toEqual({ kind: 'academic', value: null });
    expect(requirementBody({ kind: 'institution', value: ' iitb.ac.in ' })).toEqual({ kind: 'institution', value: 'iitb.ac.in' });
    expect(requirementBody({ kind: 'credential', value: 'ca' })).toEqual({ kind: 'credential', value: 'ca' });
  });

  it('comes from a circle, and needs a value for an institution or credential', () => {
    expect(choiceOf(null)).toEqual(NO_REQUIREMENT);
    expect(choiceOf({ kind: 'academic', value: null, label: 'academic e-mail' })).toEqual({ kind: 'academic', value: '' });
    expect(isComplete({ kind: 'institution', value: '' })).toBe(false);
    expect(isComplete({ kind: 'institution', value: 'iitb.ac.in' })).toBe(true);
    expect(isComplete({ kind: 'academic', value: '' })).toBe(true);
  });
});
