import sharp from 'sharp';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A phone screenshot of a chat (1080 × 1920 PNG): a header, then each message in a bubble of its own lines, drawn by
 * sharp from SVG text in the system's DejaVu Sans.
 */
export async function chatScreenshot(messages: string[][]): Promise<Buffer> {
  let y = 220;
  const bubbles = messages
    .map((lines) => {
      const height = 40 + lines.length * 56;
      const bubble =
        `<rect x="40" y="${y}" width="1000" height="${height}" rx="24" fill="#ffffff"/>` +
        lines
          .map(
            (line, i) =>
              `<text x="80" y="${y + 70 + i * 56}" font-family="DejaVu Sans" font-size="40" fill="#111111">${escape(line)}</text>`,
          )
          .join('');
      y += height + 40;
      return bubble;
    })
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920">' +
    '<rect width="100%" height="100%" fill="#e5ddd5"/><rect width="100%" height="160" fill="#075e54"/>' +
    '<text x="60" y="100" font-family="DejaVu Sans" font-size="44" fill="#ffffff">Bank Helpdesk</text>' +
    `${bubbles}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The scam of the tests: a fake KYC notice asking for a small payment to a UPI ID under a threat. */
export const KYC_SCAM_MESSAGE = [
  ['Dear customer, your KYC is pending.', 'Pay Rs 10 to upi id kyc.update@okaxis', 'now or your account is blocked today.'],
];
