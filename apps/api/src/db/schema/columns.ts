import { timestamp } from 'drizzle-orm/pg-core';

/** Timestamps every table repeats. Tenant and user references live beside their tables (companies.ts). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
