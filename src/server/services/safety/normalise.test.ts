import { describe, expect, it } from 'vitest';
import { normalise, normaliseForModel, phoneticKey } from './normalise.ts';

describe('normalise undoes each evasion', () => {
  it.each([
    ['NFKC: fullwidth letters', 'ＫＹＣ ｕｐｄａｔｅ', 'kyc update'],
    ['zero-width characters', 'share the O\u200bT\u200cP', 'share the otp'],
    ['joiners and soft hyphens', 'O\u200dT\u00adP', 'otp'],
    ['Cyrillic look-alike letters', 'раytm kус', 'paytm kyc'],
    ['Greek look-alike letters', 'οtp κyc', 'otp kyc'],
    ['spaced-out letters', 'send the U P I pin', 'send the upi pin'],
    ['dotted letters', 'K.Y.C pending', 'kyc pending'],
    ['dashed letters', 'O-T-P bhejo', 'otp bhejo'],
    ['leetspeak', 'sh4re 0tp, p@y n0w', 'share otp, pay now'],
    ['hxxp and [.] links', 'hxxps://sbi-kyc[.]in/login', 'https://sbi-kyc.in/login'],
    ['"dot com" links', 'visit paytm-reward dot com', 'visit paytm-reward.com'],
    ['(dot) links', 'sbi-kyc(dot)in', 'sbi-kyc.in'],
    ['emoji between letters', 'O🔥T🔥P', 'otp'],
    ['a line break inside a word', 'acco\nunt blocked', 'account blocked'],
    ['Devanagari digits', 'कॉल ९८७६५४३२१०', 'कॉल 9876543210'],
    ['other Indian digits', '৯৮৭৬', '9876'],
    ['English number words', 'call nine eight seven six five four three two one zero', 'call 9876543210'],
    ['double and triple', 'nine double eight triple seven', '988777'],
    ['Hinglish number words', 'nau aath saat chhe', '9876'],
    ['Hindi number words', 'नौ आठ सात छह', '9876'],
    ['amounts in words', 'pay 5 hazaar, get do lakh', 'pay 5000, get 200000'],
  ])('%s', (_, raw, expected) => {
    expect(normalise(raw)).toBe(expected);
  });

  it('leaves amounts, years, versions and UPI IDs as they are', () => {
    expect(normalise('Rs500 or 500rs, covid19, 4g, rahul123@ybl, 1.2.3.4')).toBe('rs500 or 500rs, covid19, 4g, rahul123@ybl, 1.2.3.4');
  });

  it('keeps look-alike letters when asked, for judging links', () => {
    expect(normalise('раytm.com', { foldLookalikes: false })).toBe('раytm.com');
  });
});

describe('phoneticKey', () => {
  it('gives Devanagari and the Hinglish spellings of a phrase one form', () => {
    const forms = ['आपका खाता बंद', 'aapka khata band', 'apka khaata band', 'ap ka khata band', 'aap ka khaata bandh'];
    const keys = new Set(forms.map((form) => normaliseForModel(form)));
    expect(keys.size).toBe(1);
  });

  it('folds long vowels, aspirates and w/v', () => {
    expect(phoneticKey('bhejiye')).toBe(phoneticKey('भेजिए'));
    expect(phoneticKey('karein')).toBe(phoneticKey('करें'));
    expect(phoneticKey('whatsapp')).toBe(phoneticKey('vatsap'));
  });
});
