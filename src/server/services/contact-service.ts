import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import type { MailService } from './mail-service.ts';

export const CONTACT_RECEIVED = 'Message received.';
export const CONTACT_SUBJECT = 'Contact form message';

export type ContactDeps = { db: Db; config: Config; mail: MailService; log: FastifyBaseLogger };

/**
 * A contact message is stored first, then mailed to SUPPORT_EMAIL with the sender as Reply-To.
 * If mailing fails the message stays stored with `mailed = false`, so nothing the person wrote is lost.
 */
export async function receiveContactMessage(deps: ContactDeps, input: { email: string; message: string }): Promise<{ mailed: boolean }> {
  const [stored] = await deps.db.insert(contactMessages).values(input).returning({ id: contactMessages.id });
  try {
    await deps.mail.send({
      to: deps.config.supportEmail,
      replyTo: input.email,
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
