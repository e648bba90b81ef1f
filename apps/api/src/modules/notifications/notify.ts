import type { DbOrTx } from '../../db/client.js';
import { notifications, systemNotifications } from '../../db/schema/index.js';

export type NotifyInput = {
  companyId: number;
  receiverUserId: number;
  title: string;
  message?: string;
  /** What raised it: 'welcome', 'import', 'sync', 'low_stock', 'export', ... */
  kind?: string;
  /** A path in the app the notification points to, e.g. '/procurement/supplier-feed'. */
  link?: string;
};

/**
 * The one way to tell a user something happened. Later domains call it from real events
 * (import finished, order sync done, stock low, export ready); it joins the caller's
 * transaction so the notice exists exactly when the event committed.
 */
export async function notify(db: DbOrTx, input: NotifyInput): Promise<number> {
  const [row] = await db
    .insert(notifications)
    .values({
      companyId: input.companyId,
      receiverUserId: input.receiverUserId,
      title: input.title,
      message: input.message ?? '',
      kind: input.kind ?? 'info',
      link: input.link ?? '',
    })
    .returning({ id: notifications.id });
  return row!.id;
}

/** A task for the whole company; any user may mark it completed. */
export async function addSystemTask(db: DbOrTx, input: { companyId: number; title: string; message?: string; link?: string }): Promise<number> {
  const [row] = await db
    .insert(systemNotifications)
    .values({ companyId: input.companyId, title: input.title, message: input.message ?? '', link: input.link ?? '' })
    .returning({ id: systemNotifications.id });
  return row!.id;
}
