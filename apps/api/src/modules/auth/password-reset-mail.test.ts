import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { outboundEmails, passwordResetTokens } from '../../db/schema/index.js';
import { createTenant, createTestApp, type TestApp } from '../../../test/helpers.js';
import { passwordResetsSettled } from './auth.service.js';

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
let refuse = false;
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
        if (refuse) return callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
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
  const { port } = server.server.address() as { port: number };
  app = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
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
    refuse = true;
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
    const mailsTo = async () => app.deps.database.db.select().from(outboundEmails).where(eq(outboundEmails.to, t.user.email));
    expect(received.map((m) => m.to)).toEqual([[t.user.email.toLowerCase()]]);
    expect(await mailsTo()).toHaveLength(1);

    // Once the last link is ten minutes old, a request sends a new one (the old one stays valid).
    await app.deps.database.db
      .update(passwordResetTokens)
      .set({ createdAt: sql`now() - interval '10 minutes 1 second'` })
      .where(eq(passwordResetTokens.userId, t.user.id));
    await requestReset(t.user.email, '203.0.113.7');
    await passwordResetsSettled(app.deps);
    expect(received).toHaveLength(2);
    expect(await mailsTo()).toHaveLength(2);
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
    refuse = true;
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
});
