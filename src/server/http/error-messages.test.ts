import { wordMessage } from '../platform/errors.ts';
import { describe, expect, it } from 'vitest';
import { translateMessage } from './error-messages.ts';
import { shippedInstitutions, requirementMessage, VERIFICATION_MESSAGES } from '../services/verification/index.ts';

describe('verification refusals in the client language', () => {
  const institutions = shippedInstitutions();

  it('keeps the English words and words them in Hindi, with the channel name as it was', () => {
    const english = requirementMessage({ kind: 'academic', value: null, label: 'academic' }, 'Campus Connect', 'post', institutions);
    expect(english).toBe(
      'To post in Campus Connect you need a verified academic e-mail address (such as .ac.in or .edu). Add it under Verifications on your profile.',
    );
    expect(translateMessage(english, 'hi')).toBe(
      'Campus Connect में पोस्ट करने के लिए आपको सत्यापित शैक्षणिक ई-मेल पता (जैसे .ac.in या .edu) चाहिए। इसे अपनी प्रोफ़ाइल के सत्यापन वाले हिस्से में जोड़ें।',
    );
  });

  it('words a credential requirement and the address refusals in Hindi', () => {
    const english = requirementMessage({ kind: 'credential', value: 'doctor', label: 'doctor' }, 'Health Desk', 'join', institutions);
    expect(english).toBe('To join Health Desk you need a verified doctor credential. Add it under Verifications on your profile.');
    expect(translateMessage(english, 'hi')).toContain('Health Desk से जुड़ने के लिए आपको सत्यापित doctor योग्यता चाहिए।');
    expect(wordMessage(VERIFICATION_MESSAGES.claimed, 'hi')).toBe('यह पता पहले ही किसी दूसरे खाते का सत्यापन कर चुका है।');
    expect(wordMessage(VERIFICATION_MESSAGES.claimed, 'en')).toBe('This address has already verified another account.');
  });
});
