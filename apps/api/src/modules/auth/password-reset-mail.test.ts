import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { outboundEmails, passwordResetTokens } from '../../db/schema/index.js';
import { createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { passwordResetsSettled } from './auth.service.js';
import { createMailer, MAIL_MAX_ATTEMPTS } from '../../mail/mailer.js';
import { startScheduler } from '../../jobs/scheduler.js';
import { exportFiles } from '../catalog/publish/export-files.js';

/**
 * Password reset with a real SMTP server on 127.0.0.1 (the app's own mailer and nodemailer).
 * Whether the answer waited for the mail is shown by order, not by time: the server holds a
 * mail it receives after the answer until the test lets it go, and accepts at once (noting it)
 * one that came while the request was still unanswered.
 */
type Received = { to: string[]; raw: string };
let server: SMTPServer;
let received: Received[] = [];
let answered = false;
let acceptedBeforeAnswer: string[] = [];
/** An SMTP answer code to refuse every mail with (451: try later; 550: final), or none. */
let refuse: number | false = false;
let heldMail: { mail: Received; accept: () => void } | undefined;
let onHeld: (() => void) | undefined;

let app: TestApp;
beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream: SMTPServerDataStream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        const mail = { to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw };
        if (refuse) {
          const words = refuse >= 500 ? 'Mailbox unavailable' : 'Mailbox unavailable, try later';
          return callback(Object.assign(new Error(words), { responseCode: refuse }));
        }
        const accept = () => {
          received.push(mail);
          callback();
        };
        if (!answered) {
          acceptedBeforeAnswer.push(mail.to.join(','));
          return accept();
        }
        heldMail = { mail, accept };
        onHeld?.();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpPort = (server.server.address() as { port: number }).port;
  app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
let smtpPort: number;
beforeEach(async () => {
  // Each test retries only its own mails: an earlier test's refused mail may have come due meanwhile.
  await app.deps.database.db.update(outboundEmails).set({ nextAttemptAt: null });
  received = [];
  answered = false;
  acceptedBeforeAnswer = [];
  refuse = false;
  heldMail = undefined;
  onHeld = undefined;
});

const mailRow = async (to: string) =>
  (await app.deps.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, to)).orderBy(desc(outboundEmails.id)))[0];
const tokenIn = (text: string) => /#token=([A-Za-z0-9_-]+)/.exec(text.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
const requestReset = async (email: string, remoteAddress = '127.0.0.1') => {
  const res = await app.inject({ method: 'POST', url: '/api/user/password_reset/', payload: { email }, remoteAddress });
  answered = true;
  return res;
};

describe('password reset with SMTP', () => {
  it('answers before the SMTP server has accepted the mail; the mail is sent afterwards and its link works', async () => {
    const t = await createTenant(app);
    const held = new Promise<void>((resolve) => (onHeld = resolve));
    const res = await requestReset(t.user.email);
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'OK' }]);
    // Nothing reached the SMTP server while the request was unanswered.
    expect(acceptedBeforeAnswer).toEqual([]);

    await held;
    expect(heldMail!.mail.to).toEqual([t.user.email.toLowerCase()]);
    // Recorded before sending, not yet sent: the server still holds it.
    expect((await mailRow(t.user.email))?.sentAt).toBeNull();
    heldMail!.accept();
    await passwordResetsSettled(app.deps);

    expect(received.map((m) => m.to)).toEqual([[t.user.email.toLowerCase()]]);
    const row = await mailRow(t.user.email);
    expect(row?.sentAt).not.toBeNull();
    const token = tokenIn(received[0]!.raw)!;
    expect(token).toBe(tokenIn(row!.text));
    const confirm = await app.inject({ method: 'POST', url: '/api/user/password_reset/confirm/', payload: { token, password: 'mailed-link-passphrase' } });
    expect(confirm.statusCode).toBe(200);
  });

  it('answers an unknown address the same, and sends it nothing', async () => {
    const res = await requestReset('nobody-here@nowhere.test');
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'OK' }]);
    await passwordResetsSettled(app.deps);
    expect(received).toEqual([]);
    expect(acceptedBeforeAnswer).toEqual([]);
    expect(await mailRow('nobody-here@nowhere.test')).toBeUndefined();
  });

  it('keeps a mail the server refused, with its error, and its link still works', async () => {
    const t = await createTenant(app);
    refuse = 451;
    expect((await requestReset(t.user.email)).statusCode).toBe(200);
    await passwordResetsSettled(app.deps);

    const row = await mailRow(t.user.email);
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/Mailbox unavailable/);
    // Support can hand the link on, or the user asks again: the token was written before the mail.
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/user/password_reset/confirm/',
      payload: { token: tokenIn(row!.text), password: 'after-a-refused-mail' },
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('sends an account one reset mail in ten minutes, whatever the number of requests and their IPs; every request is answered alike', async () => {
    const t = await createTenant(app);
    onHeld = () => heldMail!.accept();
    const first = await requestReset(t.user.email, '203.0.113.7');
    const second = await requestReset(t.user.email.toUpperCase(), '198.51.100.23');
    const unknown = await requestReset('nobody-else@nowhere.test', '192.0.2.40');
    for (const res of [first, second, unknown]) expect([res.statusCode, res.json()]).toEqual([200, { status: 'OK' }]);
    await passwordResetsSettled(app.deps);
    expect(received.map((m) => m.to)).toEqual([[t.user.email.toLowerCase()]]);
    expect(await mailsTo(t.user.email)).toHaveLength(1);

    // Once the last link is ten minutes old, a request sends a new one (the old one stays valid).
    await app.deps.database.db
      .update(passwordResetTokens)
      .set({ createdAt: sql`now() - interval '10 minutes 1 second'` })
      .where(eq(passwordResetTokens.userId, t.user.id));
    await requestReset(t.user.email, '203.0.113.7');
    await passwordResetsSettled(app.deps);
    expect(received).toHaveLength(2);
    expect(await mailsTo(t.user.email)).toHaveLength(2);
  });

  it('a link used or ended by a new password does not hold back the next mail', async () => {
    const t = await createTenant(app);
    onHeld = () => heldMail!.accept();
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/user/password_reset/confirm/',
      payload: { token: tokenIn(received[0]!.raw), password: 'a-fresh-passphrase-here' },
    });
    expect(confirm.statusCode).toBe(200);
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    expect(received).toHaveLength(2);
  });

  it('a mail the server refused does not hold back the next: asking again sends one at once', async () => {
    const t = await createTenant(app);
    refuse = 451;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    expect((await mailRow(t.user.email))?.error).toMatch(/Mailbox unavailable/);

    refuse = false;
    onHeld = () => heldMail!.accept();
    await requestReset(t.user.email, '198.51.100.23');
    await passwordResetsSettled(app.deps);
    expect(received.map((m) => m.to)).toEqual([[t.user.email.toLowerCase()]]);
    expect((await mailRow(t.user.email))?.sentAt).not.toBeNull();
    // That one was delivered: the next request within the interval sends nothing.
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    expect(received).toHaveLength(1);
  });

  it('a mail the server refused for now is sent again by a later round, and its link works', async () => {
    const t = await createTenant(app);
    refuse = 451;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    const refused = (await mailRow(t.user.email))!;
    expect([refused.attempts, refused.sentAt]).toEqual([1, null]);
    expect(refused.error).toMatch(/try later/);
    // The first wait is a minute (the database's clock).
    const [wait] = await app.deps.database.db
      .select({ seconds: sql<number>`extract(epoch from ${outboundEmails.nextAttemptAt} - now())::float8` })
      .from(outboundEmails)
      .where(eq(outboundEmails.id, refused.id));
    expect(wait!.seconds).toBeGreaterThan(50);
    expect(wait!.seconds).toBeLessThanOrEqual(60);

    // Not due yet: a round sends nothing.
    refuse = false;
    onHeld = () => heldMail!.accept();
    expect(await app.deps.mailer.retryDueMails()).toBe(0);
    expect(received).toEqual([]);

    await comeDue([refused.id]);
    expect(await app.deps.mailer.retryDueMails()).toBe(1);
    expect(received.map((m) => m.to)).toEqual([[t.user.email.toLowerCase()]]);
    const sent = (await mailRow(t.user.email))!;
    expect(sent.id).toBe(refused.id);
    expect(sent.sentAt).not.toBeNull();
    expect([sent.attempts, sent.nextAttemptAt]).toEqual([2, null]);
    // Sent once: the next round has nothing to do.
    expect(await app.deps.mailer.retryDueMails()).toBe(0);
    const confirm = await app.inject({
      method: 'POST',
      url: '/api/user/password_reset/confirm/',
      payload: { token: tokenIn(received[0]!.raw), password: 'delivered-on-a-retry' },
    });
    expect(confirm.statusCode).toBe(200);
  });

  it('a mail delivered on a retry holds back the next request of the interval, as one delivered at once does', async () => {
    const t = await createTenant(app);
    refuse = 451;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    refuse = false;
    onHeld = () => heldMail!.accept();
    await comeDue([(await mailRow(t.user.email))!.id]);
    await app.deps.mailer.retryDueMails();
    expect(received).toHaveLength(1);

    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    expect(received).toHaveLength(1);
    expect(await mailsTo(t.user.email)).toHaveLength(1);
  });

  it('a final refusal (5xx) is not tried again', async () => {
    const t = await createTenant(app);
    refuse = 550;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    const row = (await mailRow(t.user.email))!;
    expect([row.attempts, row.sentAt, row.nextAttemptAt]).toEqual([1, null, null]);
    expect(row.error).toMatch(/Mailbox unavailable/);
    refuse = false;
    expect(await app.deps.mailer.retryDueMails()).toBe(0);
    expect(received).toEqual([]);
  });

  it('a mail asked for again takes the refused one’s place: only the new one is delivered', async () => {
    const t = await createTenant(app);
    refuse = 451;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    const first = (await mailRow(t.user.email))!;
    // Asked again while the server still refuses: a new mail (a refused one does not hold back), refused too.
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    const second = (await mailRow(t.user.email))!;
    expect(second.id).not.toBe(first.id);

    refuse = false;
    onHeld = () => heldMail!.accept();
    await comeDue([first.id, second.id]);
    expect(await app.deps.mailer.retryDueMails()).toBe(1);
    expect(received).toHaveLength(1);
    expect(tokenIn(received[0]!.raw)).toBe(tokenIn(second.text));
    const rows = await mailsTo(t.user.email);
    const byId = new Map(rows.map((r) => [r.id, r]));
    // The first waits no more and was never sent; its error is kept.
    expect([byId.get(first.id)!.sentAt, byId.get(first.id)!.nextAttemptAt]).toEqual([null, null]);
    expect(byId.get(first.id)!.error).toMatch(/try later/);
    expect(byId.get(second.id)!.sentAt).not.toBeNull();
    expect(await app.deps.mailer.retryDueMails()).toBe(0);
  });

  it('two rounds at once (two schedulers) send a due mail once', async () => {
    const t = await createTenant(app);
    refuse = 451;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    refuse = false;
    onHeld = () => heldMail!.accept();
    await comeDue([(await mailRow(t.user.email))!.id]);
    const other = createMailer({ db: app.deps.database.db, smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'kontor@localhost', log: app.log });
    const tried = await Promise.all([app.deps.mailer.retryDueMails(), other.retryDueMails()]);
    expect(tried.sort()).toEqual([0, 1]);
    expect(received).toHaveLength(1);
  });

  it('the scheduler’s round retries due mails', async () => {
    const t = await createTenant(app);
    refuse = 451;
    await requestReset(t.user.email);
    await passwordResetsSettled(app.deps);
    refuse = false;
    const delivered = new Promise<void>((resolve) => {
      onHeld = () => {
        heldMail!.accept();
        resolve();
      };
    });
    await comeDue([(await mailRow(t.user.email))!.id]);
    // Its first round runs at start.
    const stop = startScheduler({ db: app.deps.database.db, jobs: app.jobs, log: app.log, exports: exportFiles(app.deps.config), mailer: app.deps.mailer });
    await delivered;
    await stop();
    expect(received.map((m) => m.to)).toEqual([[t.user.email.toLowerCase()]]);
  });
});

describe('mail retries', () => {
  const record = (mailer = app.deps.mailer, deliverBy?: Date) =>
    mailer.record(app.deps.database.db, { to: `retry-${Math.random().toString(36).slice(2)}@example.test`, subject: 'Retries', text: 'Hello', deliverBy });

  it('no answer at all (nothing listens) is tried again, until the last attempt', async () => {
    // A port nothing listens on: the server is down.
    const closed = new SMTPServer({ logger: false });
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.server.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = createMailer({ db: app.deps.database.db, smtpUrl: `smtp://127.0.0.1:${deadPort}`, from: 'kontor@localhost', log: app.log });

    const mail = await record(down);
    await down.deliver(mail);
    let row = (await rowOf(mail.id))!;
    expect(row.attempts).toBe(1);
    expect(row.error).toMatch(/ECONNREFUSED/);
    expect(row.nextAttemptAt).not.toBeNull();
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await comeDue([mail.id]);
      expect(await down.retryDueMails()).toBe(1);
      row = (await rowOf(mail.id))!;
      expect(row.attempts).toBe(attempt);
    }
    // The last attempt failed: it waits no more.
    expect(row.nextAttemptAt).toBeNull();
    expect(row.sentAt).toBeNull();
    expect(await down.retryDueMails()).toBe(0);
  });

  it('a mail is not tried again after its deliver_by, nor claimed past it', async () => {
    refuse = 451;
    // The next try would come a minute after the mail's end.
    const soon = await record(app.deps.mailer, new Date(Date.now() + 30_000));
    await app.deps.mailer.deliver(soon);
    expect((await rowOf(soon.id))!.nextAttemptAt).toBeNull();
    // One waiting whose end passed meanwhile (its process died holding the claim) is dropped, not sent.
    const later = await record(app.deps.mailer, new Date(Date.now() + 3_600_000));
    await app.deps.mailer.deliver(later);
    expect((await rowOf(later.id))!.nextAttemptAt).not.toBeNull();
    await app.deps.database.db
      .update(outboundEmails)
      .set({ deliverBy: sql`now() - interval '1 second'`, nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outboundEmails.id, later.id));
    refuse = false;
    expect(await app.deps.mailer.retryDueMails()).toBe(0);
    expect(received).toEqual([]);
    expect((await rowOf(later.id))!.nextAttemptAt).toBeNull();
  });
});

const rowOf = async (id: number) => (await app.deps.database.db.select().from(outboundEmails).where(eq(outboundEmails.id, id)))[0];
const mailsTo = async (to: string) => app.deps.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, to));
/** The mails' next tries, due now. */
const comeDue = async (ids: number[]) =>
  app.deps.database.db
    .update(outboundEmails)
    .set({ nextAttemptAt: sql`now() - interval '1 second'` })
    .where(inArray(outboundEmails.id, ids));
