import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type CaughtMail = { to: string[]; raw: string; text: string };

/** A real SMTP server in-process that keeps every message it receives. */
export async function startSmtpCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const bodyStart = raw.indexOf('\r\n\r\n');
        const headers = bodyStart >= 0 ? raw.slice(0, bodyStart) : '';
        const body = bodyStart >= 0 ? raw.slice(bodyStart + 4) : raw;
        // Mostly non-Latin text (a Hindi mail) comes base64-encoded; English comes quoted-printable.
        const text = /content-transfer-encoding:\s*base64/i.test(headers)
          ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
          : decodeQuotedPrintable(body);
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw, text });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;

  /** Waits for a mail to `to` newer than `since` mails, and returns the only 6-digit number in it. */
  async function waitForOtp(to: string, { after = 0, timeoutMs = 10_000 } = {}): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails
        .slice(after)
        .reverse()
        .find((m) => m.to.includes(to.toLowerCase()));
      const code = mail?.text.match(/\b\d{6}\b/)?.[0];
      if (code) return code;
      if (Date.now() > deadline) throw new Error(`No OTP mail for ${to}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  return {
    port: address.port,
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    waitForOtp,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
