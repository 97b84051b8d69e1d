import QRCode from 'qrcode';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readQrCode, readQrPayloads } from './qr.ts';

describe('QR codes', () => {
  it('reads the payload of a code in a photo-sized image, and nothing from an image without one', async () => {
    const code = await QRCode.toBuffer('upi://pay?pa=refund.help@ybl&pn=Refund&am=1', { type: 'png', width: 240 });
    // The code pasted into a larger, busier picture, as a screenshot would carry it.
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#d9c7a5' } })
      .composite([{ input: code, left: 700, top: 380 }])
      .jpeg()
      .toBuffer();
    expect(await readQrCode(photo)).toBe('upi://pay?pa=refund.help@ybl&pn=Refund&am=1');
    const plain = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(await readQrCode(plain)).toBeNull();
    expect(await readQrCode(Buffer.from('not an image'))).toBeNull();
  });

  it('names the payee of a UPI payment code, keeps links apart, and says a payment is asked for', () => {
    expect(readQrPayloads(['upi://pay?pa=Refund.Help@YBL&pn=KYC%20Desk&am=10', 'https://sbi-kyc.example/verify'])).toEqual({
      text: 'upi://pay?pa=Refund.Help@YBL&pn=KYC Desk&am=10\nhttps://sbi-kyc.example/verify\nrefund.help@ybl',
      payees: ['refund.help@ybl'],
      links: ['https://sbi-kyc.example/verify'],
      paymentRequest: true,
    });
    expect(readQrPayloads(['WIFI:S:Library;T:WPA;P:books;;'])).toMatchObject({ payees: [], links: [], paymentRequest: false });
  });
});
