import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { outboundEmails } from '../db/schema/index.js';

export type Mail = { to: string; subject: string; text: string };
export type RecordedMail = Mail & { id: number };
export type Mailer = {
  /**
   * Records the mail in the caller's transaction, so it exists exactly when the write that caused
   * it commits (a check made under the same lock sees it); `deliver` it after the commit.
   */
  record: (db: DbOrTx, mail: Mail) => Promise<RecordedMail>;
  /** Sends a recorded mail. A refusal is logged and kept with its error; it is not thrown. */
  deliver: (mail: RecordedMail) => Promise<void>;
};

/**
 * Every mail is recorded in outbound_emails. With SMTP_URL it is also sent; without, it is
 * logged, so password reset works on a development machine without a mail server.
 */
export function createMailer(opts: { db: Db; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const record = async (db: DbOrTx, mail: Mail): Promise<RecordedMail> => {
    const [row] = await db.insert(outboundEmails).values(mail).returning({ id: outboundEmails.id });
    return { ...mail, id: row!.id };
  };
  const deliver = async ({ id, ...mail }: RecordedMail) => {
    if (!transport) {
      opts.log.info({ mailId: id, to: mail.to, subject: mail.subject }, 'mail recorded (no SMTP_URL set); see outbound_emails');
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, ...mail });
      await opts.db.update(outboundEmails).set({ sentAt: new Date() }).where(eq(outboundEmails.id, id));
    } catch (err) {
      // The request that triggered the mail still succeeds; the failure is kept for support.
      opts.log.error({ err, mailId: id }, 'sending mail failed');
      await opts.db
        .update(outboundEmails)
        .set({ error: String(err) })
        .where(eq(outboundEmails.id, id));
    }
  };
  return { record, deliver };
}
