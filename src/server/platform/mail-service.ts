import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { outsideTheGate } from '../http/request-gate.ts';

export type Mail = { to: string; subject: string; text: string; replyTo?: string };

/**
 * Every mail goes through SMTP_URL when set; otherwise it is written to DATA_DIR/outbox as an .eml file.
 * Addresses are never logged.
 */
export function createMailService(config: Config, log: FastifyBaseLogger) {
  const outbox = path.join(config.dataDir, 'outbox');
  // A mail server that accepts the connection and then says nothing would otherwise hold each request for minutes
  // (nodemailer's defaults); past SMTP_TIMEOUT_SECONDS the send fails and the caller answers 503 with Retry-After.
  const timeoutMs = config.smtpTimeoutSeconds * 1000;
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        connectionTimeout: timeoutMs,
        greetingTimeout: timeoutMs,
        socketTimeout: timeoutMs,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  async function send(mail: Mail): Promise<void> {
    // A mail server may be slow or silent for SMTP_TIMEOUT_SECONDS: the request gives its database turn back first.
    const info = await outsideTheGate(() => transport.sendMail({ from: config.mailFrom, ...mail }));
    if (config.smtpUrl) return;
    mkdirSync(outbox, { recursive: true, mode: 0o700 });
    const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message, { mode: 0o600 });
    log.info({ file: path.relative(process.cwd(), file) }, `mail written to the outbox: ${mail.subject}`);
  }

  return { send, close: () => transport.close() };
}

export type MailService = ReturnType<typeof createMailService>;
