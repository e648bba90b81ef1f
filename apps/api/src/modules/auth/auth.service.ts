import { randomUUID } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  PASSWORD_CHANGE_MESSAGES,
  REFRESH_TOKEN_COOKIE_DAYS,
  passwordProblems,
  type DemoRegisterBody,
  type LoginBody,
  type PasswordChangeBody,
  type PasswordResetConfirmBody,
  type TokenPair,
  type UserResponse,
  DemoRegisterBody as DemoRegisterSchema,
} from '@kontor/contract';
import type { AppDeps } from '../../deps.js';
import type { DbOrTx } from '../../db/client.js';
import { companies, loginFailures, outboundEmails, passwordResetTokens, refreshTokens, users } from '../../db/schema/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest } from '../../http/errors.js';
import { forgetKnownUser } from '../../http/known-users.js';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets.js';
import { seedDemoCompany } from '../../db/seed/demo-company.js';
import { mediaStorage } from '../../lib/storage.js';
import { signAccessToken } from './tokens.js';

const DAY_MS = 86_400_000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * An account gets at most one reset mail in this time, however many requests from however many
 * IPs ask (the per-IP route limit does not protect one inbox). The last link stays valid for at
 * least 50 more minutes when a request is turned away. ADR 0017.
 */
const RESET_MAIL_INTERVAL_MINUTES = 10;
const BAD_CREDENTIALS = 'No active account found with the given credentials';

const normalizeEmail = (email: string) => email.trim().toLowerCase();

type UserRow = typeof users.$inferSelect;

export function toUserResponse(user: UserRow, companyName: string): UserResponse {
  return {
    id: user.id,
    email: user.email,
    first_name: user.firstName,
    last_name: user.lastName,
    phonenumber: user.phonenumber,
    role: user.role,
    company_role: user.companyRole,
    company: user.companyId,
    company_name: companyName,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin?.toISOString() ?? null,
  };
}

async function issueTokens(deps: AppDeps, db: DbOrTx, user: UserRow, familyId: string, familyExpiresAt: Date): Promise<TokenPair> {
  const refresh = randomToken();
  await db.insert(refreshTokens).values({ userId: user.id, familyId, tokenHash: sha256(refresh), familyExpiresAt });
  const access = await signAccessToken(
    deps.config.jwtSecret,
    { userId: user.id, companyId: user.companyId, tokenVersion: user.tokenVersion },
    deps.config.accessTokenTtlSeconds,
  );
  return { access, refresh };
}

/** A login starts a refresh family that ends REFRESH_TOKEN_COOKIE_DAYS (90) days later, however often it rotates. */
const newFamily = () => ({ familyId: randomUUID(), familyExpiresAt: new Date(Date.now() + REFRESH_TOKEN_COOKIE_DAYS * DAY_MS) });

/**
 * Ends every session of the user at once: all refresh families are revoked, and the raised
 * token_version makes every access token issued so far invalid (http/authenticate.ts). Password
 * reset links not used yet end too: one requested by someone with a moment in the mailbox must
 * not outlive the password the owner set since. After a password change or reset, and when a
 * user is deactivated.
 */
export async function endAllSessions(db: DbOrTx, userId: number): Promise<UserRow> {
  forgetKnownUser(userId);
  const [user] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning();
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
  return user!;
}

/** The password rule (contract passwordProblems) with the account's email; a DRF 400 at `field`. */
export function assertPasswordAllowed(password: string, email: string, field: string): void {
  const problems = passwordProblems(password, email);
  if (problems.length) throw badRequest({ [field]: problems });
}

/**
 * Counts a password attempt of this account from this IP before the password is checked, and
 * refuses it (429 with Retry-After) when it would be more than LOGIN_MAX_FAILURES_PER_ACCOUNT /
 * _PER_IP in the window. The attempt is a failure row from the start, so guesses sent in parallel
 * cannot all pass the count before any of them is recorded; the caller deletes it when the
 * password was right. Answers the row's id.
 */
async function recordPasswordAttempt(deps: AppDeps, email: string, ip: string): Promise<number> {
  const { windowMinutes, maxFailuresPerAccount, maxFailuresPerIp } = deps.config.login;
  const since = new Date(Date.now() - windowMinutes * 60_000);
  const db = deps.database.db;
  const [attempt] = await db.insert(loginFailures).values({ email, ip }).returning({ id: loginFailures.id });
  const [byAccount] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.createdAt, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.ip, ip), gt(loginFailures.createdAt, since)));
  if ((byAccount?.n ?? 0) > maxFailuresPerAccount || (byIp?.n ?? 0) > maxFailuresPerIp) {
    // A refused attempt checked no password: it does not count.
    await db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id));
    throw new AppError('throttled', 'Too many failed login attempts. Try again later.', undefined, windowMinutes * 60);
  }
  return attempt!.id;
}

export async function login(deps: AppDeps, body: LoginBody, ip: string): Promise<TokenPair> {
  const email = normalizeEmail(body.username);
  await recordPasswordAttempt(deps, email, ip);
  const db = deps.database.db;
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`);
  const valid = user ? await verifyPassword(user.passwordHash, body.password) : await verifyPassword(await dummyPasswordHash(), body.password);
  // A failure keeps its attempt row.
  if (!user || !valid || !user.isActive) throw new AppError('not_authenticated', BAD_CREDENTIALS);
  return db.transaction(async (tx) => {
    // The password was checked against the row read above: a new password or a deactivation that
    // committed since decides (the row is re-read once its lock is free), else a session opened with
    // the old password would outlive the change that was meant to end it.
    const [updated] = await tx
      .update(users)
      .set({ lastLogin: new Date() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash), eq(users.isActive, true)))
      .returning();
    if (!updated) throw new AppError('not_authenticated', BAD_CREDENTIALS);
    // A success clears the account's failures, this attempt's row with them.
    await tx.delete(loginFailures).where(eq(loginFailures.email, email));
    const { familyId, familyExpiresAt } = newFamily();
    return issueTokens(deps, tx, updated!, familyId, familyExpiresAt);
  });
}

/**
 * Rotates a refresh token. A token that was already rotated or revoked is a replay: the whole
 * family (every token descended from the same login) is revoked and the caller must log in.
 *
 * A family with any revoked token has ended, even where a token of it is not marked: revoking
 * marks the tokens a statement sees, and a refresh that committed while a password change or a
 * logout waited on its token's lock leaves a newer token that statement did not see.
 */
export async function refresh(deps: AppDeps, token: string | undefined): Promise<TokenPair> {
  const invalid = new AppError('not_authenticated', 'Token is invalid or expired');
  if (!token) throw invalid;
  return deps.database.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)))
        .for('update');
      if (!row) throw invalid;
      const [ended] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.familyId, row.familyId), isNotNull(refreshTokens.revokedAt)))
        .limit(1);
      if (ended && !row.revokedAt) {
        await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.id, row.id));
        return { revoked: true } as const;
      }
      // Two tabs that refresh at the same moment send the same cookie: the second one, within the
      // grace period, gets its own tokens in the family instead of being taken for a thief.
      const graceMs = deps.config.refreshReuseGraceSeconds * 1000;
      const racingTab = row.rotatedAt !== null && !row.revokedAt && Date.now() - row.rotatedAt.getTime() < graceMs;
      if ((row.rotatedAt && !racingTab) || row.revokedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        return { revoked: true } as const;
      }
      if (row.familyExpiresAt <= new Date()) throw invalid;
      const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
      if (!user?.isActive) throw invalid;
      if (!racingTab) await tx.update(refreshTokens).set({ rotatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
      return issueTokens(deps, tx, user, row.familyId, row.familyExpiresAt);
    })
    .then((result) => {
      // The revocation above must commit, so the 401 is raised after the transaction.
      if ('revoked' in result) throw invalid;
      return result;
    });
}

/** Revokes the token's family. Unknown tokens are ignored: logging out always succeeds. */
export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const db = deps.database.db;
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (row)
    await db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Reset requests still being worked on after their answer, per app: its close waits for them. */
const resetsAfterAnswer = new WeakMap<AppDeps, Set<Promise<void>>>();

/**
 * The work of a reset request, started once its answer has gone (the route's onResponse), for
 * every address alike. Only an existing account gets a token and a mail, and sending waits on
 * the SMTP server: an answer that waited for that work would tell by its time whether the
 * account exists (DESIGN §4, no enumeration). The token is written before the mail; a mail that
 * fails is logged and kept with its error in outbound_emails (the mailer), the token in it
 * stays valid, and a refusal for now is tried again while the link lasts. A failure of the work itself is logged: the caller was answered already.
 */
export function requestPasswordResetAfterAnswer(deps: AppDeps, rawEmail: string): void {
  let pending = resetsAfterAnswer.get(deps);
  if (!pending) resetsAfterAnswer.set(deps, (pending = new Set()));
  const work = requestPasswordReset(deps, rawEmail).catch((err: unknown) => deps.log.error({ err }, 'password reset request failed'));
  pending.add(work);
  void work.finally(() => pending.delete(work));
}

/** Resolves when the reset requests answered so far have done their work (app close, tests). */
export async function passwordResetsSettled(deps: AppDeps): Promise<void> {
  const pending = resetsAfterAnswer.get(deps);
  while (pending?.size) await Promise.all(pending);
}

const RESET_MAIL_SUBJECT = 'Reset your Kontor password';

async function requestPasswordReset(deps: AppDeps, rawEmail: string): Promise<void> {
  const email = normalizeEmail(rawEmail);
  if (!email) return;
  // The user's row is locked while the last link and mail are looked for and the new ones
  // written, so two requests at once cannot both find none (NO KEY: foreign-key checks on the
  // user don't wait). The mail is recorded in the same transaction and sent after the commit.
  const mail = await deps.database.db.transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .for('no key update');
    if (!user?.isActive) return undefined;
    // No new mail while a link of the last interval is not used yet (nor ended by a new password)
    // and a reset mail of that time was not refused: a refused one never reached the inbox, and
    // asking again is how the owner gets a link then (the new mail takes the refused one's place
    // in the mailer's retries). One delivered on a retry was received.
    const since = sql`now() - make_interval(mins => ${RESET_MAIL_INTERVAL_MINUTES})`;
    const [unusedLink] = await tx
      .select({ id: passwordResetTokens.id })
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.createdAt, since)))
      .limit(1);
    const [mailed] = unusedLink
      ? await tx
          .select({ id: outboundEmails.id })
          .from(outboundEmails)
          .where(
            and(
              eq(outboundEmails.to, user.email),
              eq(outboundEmails.subject, RESET_MAIL_SUBJECT),
              or(isNull(outboundEmails.error), isNotNull(outboundEmails.sentAt)),
              gt(outboundEmails.createdAt, since),
            ),
          )
          .limit(1)
      : [];
    if (mailed) return undefined;
    const token = randomToken();
    const expiresAt = new Date(Date.now() + RESET_TOKEN_TTL_MS);
    await tx.insert(passwordResetTokens).values({ userId: user.id, tokenHash: sha256(token), expiresAt });
    // The token travels in the fragment: browsers never send it to a server or into a log.
    const link = `${deps.config.publicUrl}/login/new-password#token=${token}`;
    return deps.mailer.record(tx, {
      to: user.email,
      subject: RESET_MAIL_SUBJECT,
      // A retry after the link's end would bring a dead link.
      deliverBy: expiresAt,
      text: [
        `Hello ${user.firstName || user.email},`,
        '',
        'Someone asked to reset the password of your Kontor account. If it was you, open this link within one hour:',
        link,
        '',
        `Or enter this token on the new-password screen: ${token}`,
        '',
        'If it was not you, ignore this mail; your password stays as it is.',
      ].join('\n'),
    });
  });
  if (mail) await deps.mailer.deliver(mail);
}

export async function confirmPasswordReset(deps: AppDeps, body: PasswordResetConfirmBody): Promise<void> {
  const passwordHash = await hashPassword(body.password);
  await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, sha256(body.token)))
      .for('update');
    if (!row || row.usedAt || row.expiresAt <= new Date()) {
      throw badRequest({ token: ['The password reset link is invalid or has expired.'] });
    }
    const [user] = await tx.select().from(users).where(eq(users.id, row.userId));
    if (user) assertPasswordAllowed(body.password, user.email, 'password');
    await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(eq(passwordResetTokens.id, row.id));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    // A new password ends every session of the account, access tokens included.
    await endAllSessions(tx, row.userId);
    // And lifts the account's login throttle, as a successful login does: the owner proved the
    // mailbox, and a guesser's failures must not keep them out for the rest of the window.
    if (user) await tx.delete(loginFailures).where(eq(loginFailures.email, normalizeEmail(user.email)));
  });
}

/**
 * The signed-in user changes their own password. The old one must be right: a wrong one counts
 * as a failed login of the account (and is throttled like one), so a stolen access token cannot
 * be used to guess it. Every session of the user ends; the caller gets a new one.
 */
export async function changePassword(deps: AppDeps, userId: number, body: PasswordChangeBody, ip: string): Promise<TokenPair> {
  const db = deps.database.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_authenticated', 'User not found');
  const attempt = await recordPasswordAttempt(deps, normalizeEmail(user.email), ip);
  if (!(await verifyPassword(user.passwordHash, body.old_password))) {
    throw badRequest({ old_password: [PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect] });
  }
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt));
  assertPasswordAllowed(body.new_password, user.email, 'new_password');
  const passwordHash = await hashPassword(body.new_password);
  return db.transaction(async (tx) => {
    // Only over the password that was checked: one set meanwhile (a reset by the owner) is not
    // overwritten by a request that knew the old one.
    const [changed] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, user.passwordHash)))
      .returning({ id: users.id });
    if (!changed) throw badRequest({ old_password: [PASSWORD_CHANGE_MESSAGES.oldPasswordIncorrect] });
    const updated = await endAllSessions(tx, userId);
    const { familyId, familyExpiresAt } = newFamily();
    return issueTokens(deps, tx, updated, familyId, familyExpiresAt);
  });
}

export async function getUser(deps: AppDeps, userId: number): Promise<UserResponse> {
  const [row] = await deps.database.db
    .select({ user: users, companyName: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_authenticated', 'User not found');
  return toUserResponse(row.user, row.companyName);
}

/**
 * Creates the company, its Admin user and the demo shop, all in one transaction.
 * `demoData: false` skips the shop (locations, products, stock) so tests start lean.
 */
export async function demoRegister(deps: AppDeps, input: DemoRegisterBody, options: { demoData?: boolean } = {}): Promise<UserResponse> {
  // The schema holds the whole password rule here: the email is in the body.
  const body = DemoRegisterSchema.parse(input);
  const { account, company } = body;
  const passwordHash = await hashPassword(account.password);
  const emailTaken = () => badRequest({ 'account.email': ['A user with that email already exists.'] });
  const registered = deps.database.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${normalizeEmail(account.email)}`);
    if (existing) throw emailTaken();
    const [createdCompany] = await tx
      .insert(companies)
      .values({
        name: company.name || account.company_name,
        country: company.country,
        url: company.url,
        platform: company.platform,
        agreedToTerms: company.agreed_to_terms,
      })
      .returning();
    const [user] = await tx
      .insert(users)
      .values({
        companyId: createdCompany!.id,
        email: account.email.trim(),
        firstName: account.first_name,
        lastName: account.last_name,
        phonenumber: account.phonenumber,
        role: account.role,
        companyRole: company.role,
        category: account.category,
        passwordHash,
      })
      .returning();
    await seedDemoCompany(
      tx,
      { companyId: createdCompany!.id, userId: user!.id },
      {
        shop: options.demoData ?? true,
        publicUrl: deps.config.publicUrl,
        media: mediaStorage(deps.config),
      },
    );
    return toUserResponse(user!, createdCompany!.name);
  });
  // Two registrations of one address at once: the check above passes both, the unique index decides.
  return registered.catch((err: unknown) => {
    if (isUniqueViolation(err, 'users_email_lower_key')) throw emailTaken();
    throw err;
  });
}
