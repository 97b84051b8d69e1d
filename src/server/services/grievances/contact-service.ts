import { say } from '../../platform/errors.ts';
import { isValidEmail } from '../../../lib/validation-rules.ts';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import type { JobQueue } from '../../platform/job-queue.ts';
import type { MailService } from '../../platform/mail-service.ts';

export const CONTACT_RECEIVED = say('api.messageReceived');
export const CONTACT_SUBJECT = 'Contact form message';

const SEAL_VERSION = 'v1';
const sealKey = (secret: string) => createHmac('sha256', secret).update('contact-reply-address').digest();

/**
 * The sender's address as the database keeps it: sealed with AES-256-GCM under a key derived from the
 * server's identity secret, so a copy of the database holds no e-mail address (the anonymity rule), while
 * support can still open it to answer a message whose mail did not go out.
 */
export function sealAddress(secret: string, address: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const sealed = Buffer.concat([cipher.update(address, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The address behind `sealAddress()`; throws when the value was not sealed with this secret. */
export function openAddress(secret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed address');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export type ContactDeps = { db: Db; config: Config; mail: MailService; log: FastifyBaseLogger; jobs: JobQueue };

/** The job that mails stored messages whose mailing failed; scheduled, and so run once across instances. */
export const CONTACT_RETRY_JOB = 'contact-mail-retry';
/** How often unsent messages are tried again, and how many a run takes (oldest first). */
const RETRY_CRON = '*/10 * * * *';
const RETRY_BATCH = 50;

/**
 * A contact message is stored first (the sender's address sealed), then mailed to SUPPORT_EMAIL with the
 * sender as Reply-To. If mailing fails the message stays stored with `mailed = false`, so nothing the
 * person wrote is lost, and a scheduled job on the job queue mails it once the mail server answers again
 * (until the retention purge, CONTACT_RETENTION_DAYS).
 */
export function createContactService(deps: ContactDeps) {
  const { db, config, mail, log } = deps;

  /** Mails one stored message; true once it is marked mailed. */
  async function mailStored(id: number, email: string, message: string): Promise<boolean> {
    try {
      await mail.send({
        to: config.supportEmail,
        ...(isValidEmail(email) ? { replyTo: email } : {}),
        subject: `${CONTACT_SUBJECT} #${id}`,
        text: [`From: ${email}`, `Message #${id}:`, '', message].join('\n'),
      });
    } catch (error) {
      const { code, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
      log.error({ contactMessageId: id, errorCode: code, responseCode, command }, 'contact message stored but not mailed');
      return false;
    }
    await db.update(contactMessages).set({ mailed: true }).where(eq(contactMessages.id, id));
    return true;
  }

  async function receive(input: { email: string; message: string }): Promise<{ mailed: boolean }> {
    const [stored] = await db
      .insert(contactMessages)
      .values({ email: sealAddress(config.identitySecret, input.email), message: input.message })
      .returning({ id: contactMessages.id });
    return { mailed: await mailStored(stored.id, input.email, input.message) };
  }

  /** Tries the oldest unsent messages again; a message that fails again waits for the next run. */
  async function mailUnsent(): Promise<{ sent: number; failed: number }> {
    const unsent = await db
      .select({ id: contactMessages.id, email: contactMessages.email, message: contactMessages.message })
      .from(contactMessages)
      .where(eq(contactMessages.mailed, false))
      .orderBy(asc(contactMessages.id))
      .limit(RETRY_BATCH);
    let sent = 0;
    for (const row of unsent) if (await mailStored(row.id, openAddress(config.identitySecret, row.email), row.message)) sent++;
    return { sent, failed: unsent.length - sent };
  }

  deps.jobs.define({ name: CONTACT_RETRY_JOB, run: async () => void (await mailUnsent()), cron: RETRY_CRON, retryLimit: 0 });

  return { receive, mailUnsent };
}
