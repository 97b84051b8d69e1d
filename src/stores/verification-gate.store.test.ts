import { describe, expect, it } from 'vitest';
import { ApiError } from '../lib/browser/api-client.ts';
import {
  $verificationNeeded,
  requirementText,
  safeReturnPath,
  showVerificationNeeded,
  verificationNeededOf,
  verifyNowHref,
} from './verification-gate.store.ts';

const requirement = { kind: 'academic' as const, value: null, label: 'academic e-mail' };
const refusal = new ApiError('To join X you need …', 403, { detail: 'To join X you need …', code: 'verification_required', requirement });

describe('verification gate', () => {
  it('recognises the 403 verification_required and nothing else', () => {
    expect(verificationNeededOf(refusal)).toEqual({ detail: 'To join X you need …', requirement });
    expect(verificationNeededOf(new ApiError('no', 403, { detail: 'You do not have permission to perform this action.' }))).toBeNull();
    expect(verificationNeededOf(new Error('x'))).toBeNull();
    expect(showVerificationNeeded(refusal)).toBe(true);
    expect($verificationNeeded.get()?.requirement).toEqual(requirement);
  });

  it('leads to the Verifications section and back, to this site only', () => {
    const href = verifyNowHref({ pathname: '/home/channel-page', search: '?key=Campus%20Connect' });
    expect(href).toBe('/profile?return=%2Fhome%2Fchannel-page%3Fkey%3DCampus%2520Connect#verifications');
    expect(safeReturnPath(new URL(href, 'http://x').search)).toBe('/home/channel-page?key=Campus%20Connect');
    expect(safeReturnPath('?return=https://evil.example/')).toBeNull();
    expect(safeReturnPath('?return=//evil.example/')).toBeNull();
    expect(safeReturnPath('')).toBeNull();
  });

  it('says a requirement in words', () => {
    expect(requirementText(requirement)).toBe('Members verified: academic e-mail');
  });
});

describe("requirement labels in the reader's language", () => {
  it("words academic, an institution and a credential from the catalog, keeping an institution's name", async () => {
    const { requirementLabel } = await import('./verification-gate.store.ts');
    const { translator } = await import('../lib/i18n.ts');
    const hi = translator('hi');
    expect(requirementLabel({ kind: 'academic', value: null, label: 'academic e-mail' }, hi)).toBe('शैक्षणिक ई-मेल');
    expect(requirementLabel({ kind: 'institution', value: 'iitb.ac.in', label: 'IIT Bombay e-mail' }, hi)).toBe('IIT Bombay ई-मेल');
    expect(requirementLabel({ kind: 'credential', value: 'ca', label: 'CA credential' }, hi)).toBe('CA प्रमाणपत्र');
    expect(requirementLabel({ kind: 'credential', value: 'ca', label: 'CA credential' }, translator('en'))).toBe('CA credential');
  });
});
