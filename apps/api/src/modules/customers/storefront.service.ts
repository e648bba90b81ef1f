import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { StorefrontConnectionBody, StorefrontConnectionResponse } from '@kontor/contract';
import { storefrontConnections } from '../../db/schema/index.js';
import type { Ctx } from '../../http/context.js';
import { badRequest, notFound } from '../../http/errors.js';

type ConnectionFields = z.output<typeof StorefrontConnectionBody>;
type ConnectionRow = typeof storefrontConnections.$inferSelect;

export const STOREFRONT_MESSAGES = {
  secretRequired: 'This field is required.',
  secretForNewUrl: 'Enter the consumer secret again for the new store URL.',
  notConnected: 'No storefront is connected yet.',
} as const;

// The secret is write-only: the answer only says whether one is stored.
const toResponse = (r: ConnectionRow): StorefrontConnectionResponse => ({
  platform: r.platform,
  store_url: r.storeUrl,
  consumer_key: r.consumerKey,
  has_consumer_secret: r.consumerSecret !== '',
  last_synced_at: r.lastSyncedAt?.toISOString() ?? null,
});

/** GET /customers/storefront/: 404 until one is set. */
export async function getConnection(ctx: Ctx): Promise<StorefrontConnectionResponse> {
  const [row] = await ctx.db.select().from(storefrontConnections).where(eq(storefrontConnections.companyId, ctx.user.companyId));
  if (!row) throw notFound(STOREFRONT_MESSAGES.notConnected);
  return toResponse(row);
}

/**
 * PUT /customers/storefront/: creates or replaces it. A left-out secret keeps the stored one, but
 * only for the same store: the first PUT needs it, and so does a new store URL, or the next sync
 * would send the old store's secret to the new host.
 */
export async function saveConnection(ctx: Ctx, body: ConnectionFields): Promise<StorefrontConnectionResponse> {
  const companyId = ctx.user.companyId;
  const storeUrl = body.store_url.replace(/\/+$/, '');
  return ctx.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(storefrontConnections).where(eq(storefrontConnections.companyId, companyId)).for('update');
    if (!existing && body.consumer_secret === undefined) throw badRequest({ consumer_secret: [STOREFRONT_MESSAGES.secretRequired] });
    if (existing && body.consumer_secret === undefined && existing.storeUrl !== storeUrl) {
      throw badRequest({ consumer_secret: [STOREFRONT_MESSAGES.secretForNewUrl] });
    }
    const values = {
      platform: body.platform,
      storeUrl,
      consumerKey: body.consumer_key,
      ...(body.consumer_secret === undefined ? {} : { consumerSecret: body.consumer_secret }),
    };
    const [row] = existing
      ? await tx
          .update(storefrontConnections)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(storefrontConnections.companyId, companyId))
          .returning()
      : await tx
          .insert(storefrontConnections)
          .values({ companyId, ...values, consumerSecret: body.consumer_secret! })
          .returning();
    return toResponse(row!);
  });
}
