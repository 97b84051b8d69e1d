import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { chatScreenshot, KYC_SCAM_MESSAGE } from '../../../../tests/helpers/screenshot.ts';
import { createImageTextReader, ImageTextTimeoutError } from './image-text.ts';

const log = { warn: () => {} };

describe('the image text reader', () => {
  const reader = createImageTextReader({ timeoutMs: 30_000, concurrency: 1, log });
  afterAll(() => reader.close());

  it('reads the words of a chat screenshot', async () => {
    const text = await reader.read(await chatScreenshot(KYC_SCAM_MESSAGE));
    // Wrapped lines rejoined with spaces, so the UPI ID at a line's end keeps apart from the next line's first word.
    expect(text).toMatch(/^Bank Helpdesk\s/);
    expect(text).toContain(
      'Dear customer, your KYC is pending. Pay Rs 10 to upi id kyc.update@okaxis now or your account is blocked today.',
    );
  });

  it('reads nothing from an image without words, or from bytes that are no image', async () => {
    const plain = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(await reader.read(plain)).toBe('');
    expect(await reader.read(Buffer.from('not an image'))).toBe('');
  });

  it('abandons a recognition that takes too long, and the next image gets a new worker', async () => {
    const hurried = createImageTextReader({ timeoutMs: 1, concurrency: 1, log });
    const screenshot = await chatScreenshot(KYC_SCAM_MESSAGE);
    await expect(hurried.read(screenshot)).rejects.toBeInstanceOf(ImageTextTimeoutError);
    await expect(hurried.read(screenshot)).rejects.toBeInstanceOf(ImageTextTimeoutError);
    await hurried.close();
    // A reader whose worker was ended reads again with a fresh one.
    expect(await reader.read(screenshot)).toContain('kyc.update@okaxis');
  });
});
