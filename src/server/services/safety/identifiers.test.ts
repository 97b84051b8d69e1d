import { describe, expect, it } from 'vitest';
import { extractIdentifiers, registrableDomain } from './identifiers.ts';

const of = (text: string, kind: string, links?: string[]) =>
  extractIdentifiers(text, links)
    .filter((i) => i.kind === kind)
    .map((i) => i.value);

describe('extractIdentifiers', () => {
  it('finds links with their registrable domain', () => {
    const found = extractIdentifiers('Update KYC at http://login.sbi-kyc-update.in/verify?id=3.');
    expect(found).toEqual(
      expect.arrayContaining([
        { kind: 'url', value: 'login.sbi-kyc-update.in/verify?id=3' },
        { kind: 'domain', value: 'sbi-kyc-update.in' },
      ]),
    );
    expect(of('see example.co.uk/page', 'domain')).toEqual(['example.co.uk']);
    expect(of('defanged hxxp://paytm-reward[.]xyz/claim', 'url')).toEqual(['paytm-reward.xyz/claim']);
    expect(of('anchor only', 'domain', ['https://www.hdfc-verify.com/x'])).toEqual(['hdfc-verify.com']);
  });

  it('finds phone numbers: +91, ten digits, 1800, spaced, Devanagari digits and spelled out', () => {
    expect(of('call +91 98765 43210', 'phone')).toEqual(['+919876543210']);
    expect(of('call 9876543210', 'phone')).toEqual(['+919876543210']);
    expect(of('toll free 1800 425 3800', 'phone')).toEqual(['+9118004253800']);
    expect(of('call 98765-43210 now', 'phone')).toEqual(['+919876543210']);
    expect(of('कॉल करें ९८७६५४३२१०', 'phone')).toEqual(['+919876543210']);
    expect(of('call nine eight seven six five four three two one zero', 'phone')).toEqual(['+919876543210']);
  });

  it('finds UPI IDs and not e-mail addresses', () => {
    expect(of('pay to refund.help@ybl or sbi.care@okaxis', 'upi')).toEqual(['refund.help@ybl', 'sbi.care@okaxis']);
    expect(extractIdentifiers('mail a.b@gmail.com')).toEqual([]);
  });

  it('finds Telegram links and handles', () => {
    expect(of('join t.me/profit_king_vip', 'telegram')).toEqual(['profit_king_vip']);
    expect(of('Telegram pe @TaskMasterIndia ko msg karo', 'telegram')).toEqual(['taskmasterindia']);
    expect(of('thanks @Priya_S for the tip', 'telegram')).toEqual([]);
  });

  it('finds WhatsApp links', () => {
    expect(of('wa.me/919876543210', 'whatsapp')).toEqual(['+919876543210']);
    expect(of('group chat.whatsapp.com/AbCdEf12345', 'whatsapp')).toEqual(['group:abcdef12345']);
  });

  it('finds amounts', () => {
    expect(of('pay ₹4,999 or Rs. 500 or 1200 rupees', 'amount')).toEqual(['4999', '500', '1200']);
  });

  it('reads the registrable domain by the public suffix list', () => {
    expect(registrableDomain('a.b.sbi.co.in')).toBe('sbi.co.in');
    expect(registrableDomain('https://x.y.github.io/p')).toBe('github.io');
  });
});
