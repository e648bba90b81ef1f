import { createdAt, timestamptz, updatedAt } from './columns.js';
import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  country: text('country').notNull().default(''),
  url: text('url').notNull().default(''),
  platform: text('platform').notNull().default(''),
  agreedToTerms: boolean('agreed_to_terms').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: companyId(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phonenumber: text('phonenumber').notNull().default(''),
    role: text('role').notNull().default('business'),
    companyRole: text('company_role', { enum: ['Admin', 'Staff'] })
      .notNull()
      .default('Admin'),
    category: text('category').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * Carried in every access token (claim `ver`); raised when the password changes or the user is
     * deactivated, so access tokens issued before stop working at once (http/authenticate.ts).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    dateJoined: timestamptz('date_joined').notNull().defaultNow(),
    lastLogin: timestamptz('last_login'),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`), index('users_company_idx').on(t.companyId)],
);

// Function declarations: hoisted, so the users table above can use them.

/** The tenant: every business row belongs to one company and goes with it. */
export function companyId() {
  return integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' });
}

/** A user the row belongs to (it goes with the user). */
export function userRef(name: string) {
  return integer(name)
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
}
