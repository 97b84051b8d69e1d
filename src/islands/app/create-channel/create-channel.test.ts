import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { canProceed, CREATE_FAILED, readChannelErrors } from './create-channel.store.ts';

describe('create channel step 1 (spec section 5)', () => {
  it('needs a non-blank name and description', () => {
    expect(canProceed({ name: '', description: 'x' })).toBe(false);
    expect(canProceed({ name: 'x', description: '   ' })).toBe(false);
    expect(canProceed({ name: ' Kudla ', description: 'Coastal news' })).toBe(true);
  });
});

describe('readChannelErrors', () => {
  it('puts each field message beside its field', () => {
    const error = new ApiError('x', 400, { name: ['A circle with this name already exists.'], description: ['This field may not be blank.'] });
    expect(readChannelErrors(error)).toEqual({ name: 'A circle with this name already exists.', description: 'This field may not be blank.' });
  });

  it("shows the server's detail, or a generic message for network failures", () => {
    expect(readChannelErrors(new ApiError('x', 429, { detail: 'Slow down.' }))).toEqual({ form: 'Slow down.' });
    expect(readChannelErrors(new ApiError('fetch failed', 0, undefined))).toEqual({ form: CREATE_FAILED });
    expect(readChannelErrors(new Error('x'))).toEqual({ form: CREATE_FAILED });
  });
});
