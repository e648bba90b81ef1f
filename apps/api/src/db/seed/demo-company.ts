import type { DbOrTx } from '../client.js';
import type { Storage } from '../../lib/storage.js';
import { addSystemTask, notify } from '../../modules/notifications/notify.js';
import { seedDemoCategoryTree } from './demo-categories.js';
import { seedDemoTaxonomies } from './demo-taxonomies.js';
import { seedDemoFileUrls } from './demo-file-urls.js';
import { seedDemoMedia } from './demo-media.js';
import { seedDemoOrders } from './demo-orders.js';
import { seedDemoProcurement, seedGlobalDirectory } from './demo-procurement.js';
import { seedDemoShop } from './demo-shop.js';

export type DemoTarget = { companyId: number; userId: number };

/**
 * Fills a new demo company with a living shop. Runs inside the registration transaction.
 * Each domain adds its part here as it is built (locations, products, suppliers, orders...).
 * `shop: false` keeps only the welcome notice and the task (tests that want an empty company).
 * `publicUrl` is where the app answers: the demo suppliers' feeds are served by the app itself.
 * `media` is where the demo image library's files go.
 */
export async function seedDemoCompany(db: DbOrTx, target: DemoTarget, options: { shop?: boolean; publicUrl: string; media: Storage }): Promise<void> {
  await notify(db, {
    companyId: target.companyId,
    receiverUserId: target.userId,
    kind: 'welcome',
    title: 'Welcome to Kontor',
    message: 'Your demo shop is ready. Pin the views you use most to the sidebar, and tell us what you think with the feedback button.',
    link: '/',
  });
  await addSystemTask(db, {
    companyId: target.companyId,
    title: 'Complete your company profile',
    message: 'Add your country, shop URL and e-commerce platform under Company preferences.',
    link: '/company-Preferences',
  });
  if (!(options.shop ?? true)) return;
  await seedDemoShop(db, target);
  await seedGlobalDirectory(db);
  await seedDemoProcurement(db, target, options.publicUrl);
  await seedDemoCategoryTree(db, target);
  await seedDemoTaxonomies(db, target);
  await seedDemoFileUrls(db, target);
  await seedDemoOrders(db, target);
  // Last: it writes files, and nothing after it should fail and leave them unreferenced.
  await seedDemoMedia(db, target, options.media);
}
