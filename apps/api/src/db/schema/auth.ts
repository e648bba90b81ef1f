import { createdAt, timestamptz } from './columns.js';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './companies.js';

/**
 * Refresh tokens, stored as SHA-256 hashes. Each login starts a family; every refresh
 * rotates the token within its family. Presenting a rotated token again means it leaked:
 * the whole family is revoked.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: userRef('user_id'),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyExpiresAt: timestamptz('family_expires_at').notNull(),
    rotatedAt: timestamptz('rotated_at'),
    revokedAt: timestamptz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: serial('id').primaryKey(),
  userId: userRef('user_id'),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamptz('expires_at').notNull(),
  usedAt: timestamptz('used_at'),
  createdAt: createdAt(),
});

/** Failed logins, counted per account and per IP over a sliding window. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.createdAt), index('login_failures_ip_idx').on(t.ip, t.createdAt)],
);

/**
 * Every mail the system sends, also when no SMTP server is configured (then it only lands here).
 * The per-account reset mail limit asks for an address's recent mails: indexed by address and time,
 * as the table only grows. A delivery the SMTP server did not take for good (no answer, a 4xx)
 * is tried again at `next_attempt_at` by the scheduler's round (mailer.ts retryDueMails), until
 * `deliver_by` (a reset link's end) or a few attempts; `error` keeps the last refusal.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    sentAt: timestamptz('sent_at'),
    error: text('error'),
    /** Deliveries tried so far. */
    attempts: integer('attempts').notNull().default(0),
    /** When a refused delivery is tried again; null: not waiting (sent, given up, or never tried). */
    nextAttemptAt: timestamptz('next_attempt_at'),
    /** No delivery after this (the mail's content has expired); null: no end. */
    deliverBy: timestamptz('deliver_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbound_emails_to_idx').on(t.to, t.createdAt),
    // The retry round's due mails: few, in a table that only grows.
    index('outbound_emails_retry_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);
