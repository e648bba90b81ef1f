import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client.js';
import { sqlRows } from '../db/sql-rows.js';
import { outboundEmails } from '../db/schema/index.js';

/** A mail to send. `deliverBy`: no delivery after this (a reset link's end); none: no end. */
export type Mail = { to: string; subject: string; text: string; deliverBy?: Date };
export type RecordedMail = Mail & { id: number; attempts: number };
export type Mailer = {
  /**
   * Records the mail in the caller's transaction, so it exists exactly when the write that caused
   * it commits (a check made under the same lock sees it); `deliver` it after the commit.
   */
  record: (db: DbOrTx, mail: Mail) => Promise<RecordedMail>;
  /**
   * Sends a recorded mail. A refusal is logged and kept with its error, and, unless it is final,
   * the mail waits for a retry (retryDueMails); it is not thrown.
   */
  deliver: (mail: RecordedMail) => Promise<void>;
  /**
   * The scheduler's round: the mails whose retry is due are claimed and delivered again. A mail
   * with a newer one of the same subject to the same address is not retried: that one took its
   * place (a reset asked for again carries a valid link too). Answers how many were tried.
   */
  retryDueMails: () => Promise<number>;
};

/** Deliveries of one mail, the first included; with the waits below, the last about half an hour after the first. */
export const MAIL_MAX_ATTEMPTS = 6;
/** The wait after the n-th refused delivery: 1, 2, 4, 8, 16 minutes. */
export const mailRetryDelaySeconds = (attemptsMade: number) => 60 * 2 ** (attemptsMade - 1);
/**
 * A claimed mail is not claimed again for this long, so two schedulers (the API's and a worker's,
 * ADR 0014) do not both send it; a process that dies while sending leaves it to be tried again then.
 */
const CLAIM_LEASE_SECONDS = 300;
/** Mails tried in one round; the next round (a minute later) takes the rest. */
const RETRY_BATCH = 20;

/**
 * Whether an SMTP refusal is worth another try: a 5xx answer is the server's final word (no such
 * mailbox, refused content); a 4xx says "try later", and no answer at all (connection refused,
 * timed out, dropped) says nothing about the mail.
 */
export function retriable(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return !(typeof code === 'number' && code >= 500);
}

/**
 * Every mail is recorded in outbound_emails. With SMTP_URL it is also sent; without, it is
 * logged, so password reset works on a development machine without a mail server.
 */
export function createMailer(opts: { db: Db; smtpUrl: string | undefined; from: string; log: FastifyBaseLogger }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : undefined;
  const record = async (db: DbOrTx, mail: Mail): Promise<RecordedMail> => {
    const [row] = await db
      .insert(outboundEmails)
      .values({ to: mail.to, subject: mail.subject, text: mail.text, deliverBy: mail.deliverBy ?? null })
      .returning({ id: outboundEmails.id });
    return { ...mail, id: row!.id, attempts: 0 };
  };
  const deliver = async ({ id, attempts, to, subject, text }: RecordedMail) => {
    if (!transport) {
      opts.log.info({ mailId: id, to, subject }, 'mail recorded (no SMTP_URL set); see outbound_emails');
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, to, subject, text });
      await opts.db
        .update(outboundEmails)
        .set({ sentAt: new Date(), attempts: attempts + 1, nextAttemptAt: null })
        .where(eq(outboundEmails.id, id));
    } catch (err) {
      // The request that triggered the mail still succeeds; the failure is kept for support.
      const made = attempts + 1;
      const delay = mailRetryDelaySeconds(made);
      // Tried again only while it may still be delivered after the wait (the database's clock, as deliver_by's).
      const retryAt =
        retriable(err) && made < MAIL_MAX_ATTEMPTS
          ? sql`case when now() + make_interval(secs => ${delay}) <= coalesce(${outboundEmails.deliverBy}, 'infinity')
              then now() + make_interval(secs => ${delay}) end`
          : null;
      const [row] = await opts.db
        .update(outboundEmails)
        .set({ error: String(err), attempts: made, nextAttemptAt: retryAt })
        .where(eq(outboundEmails.id, id))
        .returning({ nextAttemptAt: outboundEmails.nextAttemptAt });
      opts.log.error({ err, mailId: id, attempts: made, nextAttemptAt: row?.nextAttemptAt ?? null }, 'sending mail failed');
    }
  };
  const retryDueMails = async () => {
    if (!transport) return 0;
    // Claimed in one statement: SKIP LOCKED lets another scheduler's round take other rows, and
    // the lease keeps them from claiming these after this commits. A mail past its deliver_by (a
    // claim whose process died) or one a newer one of its kind replaced waits no more.
    const claimed = await sqlRows<{ id: number; to: string; subject: string; text: string; attempts: number; claimed: boolean }>(
      opts.db,
      sql`with due as (
          select id from ${outboundEmails}
          where next_attempt_at <= now() and sent_at is null
          order by next_attempt_at limit ${RETRY_BATCH}
          for update skip locked)
        update ${outboundEmails} e
        set next_attempt_at = case
          when e.deliver_by <= now() then null
          when exists (select 1 from ${outboundEmails} n where n.to = e.to and n.subject = e.subject and n.id > e.id) then null
          else now() + make_interval(secs => ${CLAIM_LEASE_SECONDS}) end
        from due where e.id = due.id
        returning e.id, e.to, e.subject, e.text, e.attempts, e.next_attempt_at is not null as claimed`,
    );
    const toSend = claimed.filter((m) => m.claimed);
    // One after the other: a struggling SMTP server gets no burst.
    for (const mail of toSend) await deliver(mail);
    return toSend.length;
  };
  return { record, deliver, retryDueMails };
}
