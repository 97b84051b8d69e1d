import jsQR from 'jsqr';
import sharp from 'sharp';

/** Larger images are scaled down to this many pixels across before decoding: a QR code stays readable, the work bounded. */
const MAX_SIDE = 1200;

/**
 * The text of the QR code in an image (jsQR over the image's pixels), or null when it holds none. Scam posts in India
 * carry their payee in a QR code ("scan to receive your refund") so the words never name the UPI ID: the shield reads
 * the code as it reads the text, and judges its payee and links by the same registry.
 */
export async function readQrCode(image: Buffer): Promise<string | null> {
  try {
    const { data, info } = await sharp(image, { failOn: 'none' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const code = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height, {
      inversionAttempts: 'attemptBoth',
    });
    return code?.data ? code.data : null;
  } catch {
    // An image sharp cannot read holds no code we could judge; the upload's own checks refuse a broken file.
    return null;
  }
}

export type QrReading = {
  /** What the codes say, as text the shield reads beside the writing ("upi://pay?pa=…"). */
  text: string;
  /** The payees of UPI payment codes (`pa`), and every link a code holds. */
  payees: string[];
  links: string[];
  /** A code asks whoever scans it to pay (a UPI pay link): scanning only ever sends money, never receives it. */
  paymentRequest: boolean;
};

/** Reads what a set of QR payloads ask for: UPI payees, links, and whether any is a payment request. */
export function readQrPayloads(payloads: readonly string[]): QrReading {
  const payees: string[] = [];
  const links: string[] = [];
  let paymentRequest = false;
  for (const payload of payloads) {
    if (/^upi:\/\/pay\b/i.test(payload)) {
      paymentRequest = true;
      try {
        const payee = new URL(payload.replace(/^upi:\/\//i, 'https://upi.invalid/')).searchParams.get('pa');
        if (payee) payees.push(payee.toLowerCase());
      } catch {
        // A malformed UPI link still counts as a payment request.
      }
    } else if (/^https?:\/\//i.test(payload)) links.push(payload);
  }
  const decoded = payloads.map((payload) => {
    try {
      return decodeURIComponent(payload);
    } catch {
      return payload;
    }
  });
  return { text: [...decoded, ...payees].join('\n'), payees, links, paymentRequest };
}
