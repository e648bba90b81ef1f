import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outboundEmails } from '../db/schema/index.js';

export type Mail = { to: string; subject: string; text: string };
export type Mailer = { send: (mail: Mail) => Promise<void> };

/**
 * Every mail is recorded in outbound_emails. With SMTP_URL it is also sent; without, it is
 * logged, so password reset works on a development machine without a mail server.
 */
export function createMailer(opts: { db: Db; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await opts.db.insert(outboundEmails).values(mail).returning({ id: outboundEmails.id });
      if (!transport) {
        opts.log.info({ mailId: row!.id, to: mail.to, subject: mail.subject }, 'mail recorded (no SMTP_URL set); see outbound_emails');
        return;
      }
      try {
        await transport.sendMail({ from: opts.from, ...mail });
        await opts.db.update(outboundEmails).set({ sentAt: new Date() }).where(eq(outboundEmails.id, row!.id));
      } catch (err) {
        // The request that triggered the mail still succeeds; the failure is kept for support.
        opts.log.error({ err, mailId: row!.id }, 'sending mail failed');
        await opts.db
          .update(outboundEmails)
          .set({ error: String(err) })
          .where(eq(outboundEmails.id, row!.id));
      }
    },
  };
}
