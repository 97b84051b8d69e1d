import { isValidEmail } from '../../lib/validation-rules.ts';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import type { MailService } from './mail-service.ts';

export const CONTACT_RECEIVED = 'Message received.';
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
  return [SEAL_VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The address behind `sealAddress()`; throws when the value was not sealed with this secret. */
export function openAddress(secret: string, sealed: string): string {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed address');
  const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

export type ContactDeps = { db: Db; config: Config; mail: MailService; log: FastifyBaseLogger };

/**
 * A contact message is stored first (the sender's address sealed), then mailed to SUPPORT_EMAIL with the
 * sender as Reply-To. If mailing fails the message stays stored with `mailed = false`, so nothing the
 * person wrote is lost.
 */
export async function receiveContactMessage(deps: ContactDeps, input: { email: string; message: string }): Promise<{ mailed: boolean }> {
  const [stored] = await deps.db
    .insert(contactMessages)
    .values({ email: sealAddress(deps.config.identitySecret, input.email), message: input.message })
    .returning({ id: contactMessages.id });
  try {
    await deps.mail.send({
      to: deps.config.supportEmail,
      ...(isValidEmail(input.email) ? { replyTo: input.email } : {}),
      subject: `${CONTACT_SUBJECT} #${stored.id}`,
      text: [`From: ${input.email}`, `Message #${stored.id}:`, '', input.message].join('\n'),
    });
  } catch (error) {
    const { code, responseCode, command } = error as { code?: string; responseCode?: number; command?: string };
    deps.log.error({ contactMessageId: stored.id, errorCode: code, responseCode, command }, 'contact message stored but not mailed');
    return { mailed: false };
  }
  await deps.db.update(contactMessages).set({ mailed: true }).where(eq(contactMessages.id, stored.id));
  return { mailed: true };
}
