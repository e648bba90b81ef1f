import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { and, asc, eq, ilike, not } from 'drizzle-orm';
import {
  backgroundJobs,
  catalogExports,
  catalogProducts,
  facebookTaxonomyItems,
  globalSuppliers,
  googleTaxonomyItems,
  systemNotifications,
} from '../db/schema/index.js';
import { as, createStaffUser, createTenant, type Tenant, type TestApp } from '../../test/helpers.js';
import { multipartForm } from '../../test/multipart.js';
import { makeImage, uploadImages } from '../modules/catalog/images.fixtures.js';
import { insertOrder } from '../modules/customers/customers.factories.js';
import { notify } from '../modules/notifications/notify.js';
import { insertGlobalSupplier, insertGlobalSupplierProduct, insertProcurementProduct } from '../modules/procurement/procurement.factories.js';

/**
 * Test data of the isolation matrix: company A (the victim) holds at least one object of every
 * kind, with ISOLATION_MARKER in its text fields; company B (the caller) holds a small set of its
 * own objects, so a body can name one of A's ids next to B's own (a mixed reference must fail on
 * A's id, not on a missing one).
 */

/** In every text of company A that a leak could show; matched without regard to case (slugs, emails). */
export const ISOLATION_MARKER = 'ISOLATION-A-MARKER';

/** The objects a route can name, one of company A's each (or, for the ghost run, an id no row has). */
export const ID_KINDS = [
  'company',
  'user',
  'staffUser',
  'product',
  'productTwo',
  'description',
  'locationType',
  'location',
  'locationTwo',
  'transaction',
  'supplier',
  'feed',
  'procurementProduct',
  'procurementCategory',
  'procurementOrder',
  'procurementOrderItem',
  'procurementImageUrl',
  'catalogCategory',
  'markup',
  'image',
  'imageClassification',
  'productImage',
  'categoryImage',
  'fileUrl',
  'order',
  'orderItem',
  'pickTransaction',
  'backorder',
  'notification',
  'systemNotification',
  'job',
  'googleLink',
  'facebookLink',
] as const;
export type IdKind = (typeof ID_KINDS)[number];
export type Ids = Record<IdKind, number>;

/** Ids no row has: each kind its own, far above any sequence a test reaches, within int4. */
export const GHOST_IDS: Ids = Object.fromEntries(ID_KINDS.map((kind, i) => [kind, 2_000_000_000 + i * 1_000 + 7])) as Ids;

/** Strings of company A a route can name (emails, bookmark keys); the ghost run gets look-alikes no row has. */
export type Names = { email: string; bookmarkView: string; bookmarkName: string; exportToken: string; mediaKey: string };
export const GHOST_NAMES: Names = {
  email: 'nobody-isolation-ghost@shop.test',
  bookmarkView: 'ghost-view',
  bookmarkName: 'ghost bookmark',
  exportToken: 'ghosttoken0000000000000000000000',
  mediaKey: 'ghostkey00000000000000000000000000.png',
};

/** Company B's own objects (never A's), for the other half of a mixed body, and B's staff user for the roles check. */
export type Own = {
  company: number;
  user: number;
  staffUser: number;
  password: string;
  product: number;
  transaction: number;
  systemNotification: number;
  procurementCategory: number;
  feed: number;
  /** A small real PNG for upload bodies. */
  png: Buffer;
  location: number;
  locationTwo: number;
  supplier: number;
  procurementProduct: number;
  /** A supplier product of B's with the SKU of one of A's catalog products. */
  procurementProductTwin: number;
  procurementOrder: number;
  procurementOrderItem: number;
  catalogCategory: number;
  image: number;
  imageClassification: number;
  order: number;
  orderItem: number;
  backorder: number;
  googleItem: number;
  facebookItem: number;
  globalSupplier: number;
};

export type IsolationWorld = {
  a: Tenant;
  b: Tenant;
  bStaff: Tenant;
  aIds: Ids;
  aNames: Names;
  own: Own;
};

async function must(res: LightMyRequestResponse | Promise<LightMyRequestResponse>, status: number, what: string) {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`seeding ${what}: expected ${status}, got ${r.statusCode} ${r.body}`);
  return r.json();
}

const call = (app: TestApp, tenant: Tenant, options: InjectOptions) => as(app, tenant, options);

const M = ISOLATION_MARKER;

/**
 * Texts of A's objects that B may use for its own: names are unique per company, never across
 * the platform, so B reusing one must work (a "name taken" would tell B that A has it).
 */
export const A_TEXT = {
  /** Not the password every other test tenant has: B must not be able to log in as A. */
  password: 'isolation-a-secret-7731',
  productSku: `${M}-SKU-1`,
  productTwoSku: `${M}-SKU-2`,
  locationTypeName: `${M} type`,
  locationName: `${M} shelf`,
  locationAbbreviation: 'IAM1',
  catalogCategoryTitle: `${M} lighting`,
  markupName: `${M} markup`,
  classificationTitle: `${M} packshot`,
  supplierName: `${M} supplier`,
  supplierAbbreviation: 'IAMS',
  feedName: `${M} feed`,
  orderNumber: `${M}-W1`,
  storeUrl: 'https://isolation-a-marker.test',
  consumerKey: 'ck_isolation-a-marker',
} as const;

/** Company A: the demo shop (every kind the demo has) plus one marked object of every kind through the API. */
async function seedCompanyA(app: TestApp): Promise<{ a: Tenant; ids: Ids; names: Names }> {
  const db = app.deps.database.db;
  const a = await createTenant(
    app,
    {
      account: {
        first_name: `${M} Alice`,
        last_name: 'Alpha',
        email: `isolation-a-marker-${process.pid}-${Date.now()}@shop.test`,
        company_name: `${M} Shop`,
        password: A_TEXT.password,
        password2: A_TEXT.password,
      },
      company: { name: `${M} Shop AB`, url: 'https://isolation-a-marker.test', platform: M },
    },
    { demoData: true },
  );
  const staff = await createStaffUser(app, a, { first_name: `${M} Staffan` });
  const post = (url: string, payload: unknown, status = 201) =>
    must(call(app, a, { method: 'POST', url, payload: payload as InjectOptions['payload'] }), status, url);
  const put = (url: string, payload: unknown, status = 200) =>
    must(call(app, a, { method: 'PUT', url, payload: payload as InjectOptions['payload'] }), status, url);

  const locationType = await post('/api/catalog/inventory_location_types/', { name: A_TEXT.locationTypeName });
  const location = await post('/api/catalog/inventory_locations/', {
    name: A_TEXT.locationName,
    abbreviation_slug: A_TEXT.locationAbbreviation,
    comment: M,
    type: locationType.id,
  });
  const locationTwo = await post('/api/catalog/inventory_locations/', { name: `${M} back room`, abbreviation_slug: 'IAM2' });
  const product = await post('/api/catalog/products/', {
    sku: A_TEXT.productSku,
    name: `${M} lamp`,
    default_location_id: location.id,
    url: 'https://isolation-a-marker.test/lamp',
  });
  const productTwo = await post('/api/catalog/products/', { sku: A_TEXT.productTwoSku, name: `${M} shade` });
  const transaction = await post('/api/catalog/inventory_transactions/', {
    product: product.id,
    location: location.id,
    quantity: 20,
    inventory_action: 'STOCK_IN',
    comments: M,
  });
  await post('/api/catalog/inventory_transactions/', { product: productTwo.id, location: location.id, quantity: 5, inventory_action: 'STOCK_IN', comments: M });
  // An edited transaction leaves a history row.
  await put(`/api/catalog/inventory_transactions/${transaction.id}/`, { quantity: 25, comments: `${M} recount` });
  const description = await post('/api/catalog/product_descriptions/', { product: product.id, language: 'SV', name: `${M} lampa`, content: `<p>${M}</p>` });
  await post('/api/catalog/product_descriptions/', { product: product.id, language: 'EN', name: `${M} lamp EN`, content: `<p>${M}</p>` });
  const markup = await post('/api/catalog/markups/', { name: A_TEXT.markupName, percent: 30 });
  const imageClassification = await post('/api/catalog/image_classifications/', { title: A_TEXT.classificationTitle });
  const [image] = await uploadImages(app, a, [`${M}-photo.png`], [{ name: 'classification', value: String(imageClassification.id) }]);
  const catalogCategory = await post('/api/catalog/categories/', { title: A_TEXT.catalogCategoryTitle, comments: M });
  const productImage = await post('/api/catalog/product_images/', { product: product.id, image: image!.id });
  const categoryImage = await post('/api/catalog/category_images/', { category: catalogCategory.id, image: image!.id });
  const fileUrl = await post('/api/catalog/file_urls/', { url: 'https://files.test/isolation-a-marker.pdf', title: `${M} manual`, product: product.id });

  const supplier = await post('/api/procurement/suppliers/', {
    name: A_TEXT.supplierName,
    name_abbrev: A_TEXT.supplierAbbreviation,
    email: 'isolation-a-marker@supplier.test',
    comments: M,
  });
  const procurementCategory = await post('/api/procurement/categories/', {
    supplier: supplier.id,
    name: `${M} lamps`,
    description: M,
    catalog_categories_auto_create: [catalogCategory.id],
  });
  const feed = await post('/api/procurement/feeds/', {
    supplier: supplier.id,
    name: A_TEXT.feedName,
    url: 'http://127.0.0.1:9/isolation-a-marker.csv',
    format: 'CSV',
    column_mapping: { sku: 'sku', name: 'name' },
  });
  const procurementProduct = await insertProcurementProduct(db, a.companyId, supplier.id, {
    sku: `${M}-PP-1`,
    name: `${M} supplier lamp`,
    description: M,
    categoryId: procurementCategory.id,
    catalogProductId: product.id,
    costSek: '100',
  });
  const imageUrls = await must(
    call(app, a, {
      method: 'POST',
      url: '/api/procurement/image_urls/',
      ...multipartForm([
        { name: 'procurement_product', value: String(procurementProduct.id) },
        { name: 'urls', value: 'https://images.test/isolation-a-marker.jpg' },
      ]),
    }),
    201,
    'procurement image url',
  );
  const procurementOrder = await post('/api/procurement/orders/', { supplier: supplier.id, internal_order_number: `${M}-PO`, comments: M });
  const procurementOrderItem = await post('/api/procurement/order_items/', { order: procurementOrder.id, product: product.id, quantity: 10 });
  await post(`/api/procurement/order_items/${procurementOrderItem.id}/receive/`, { location: location.id, quantity: 2, comments: M });

  const { order, items } = await insertOrder(
    db,
    a.companyId,
    { orderNumber: A_TEXT.orderNumber, customerName: `${M} Customer`, customerEmail: 'isolation-a-marker@customer.test', notes: M },
    [{ productId: product.id, prodSku: product.sku, prodName: product.name, quantity: 6, price: 100 }],
  );
  const orderItem = items[0]!;
  const picked = await must(
    call(app, a, {
      method: 'POST',
      url: `/api/customers/order_items/${orderItem.id}/actions/pick/`,
      query: { location_id: String(location.id), product_id: String(product.id), quantity: '2' },
    }),
    200,
    'pick',
  );
  const backorder = await post('/api/customers/backorders/', { order_item: orderItem.id, quantity: 1, comments: M });
  await post(`/api/customers/backorders/${backorder.id}/reserve/`, { procurement_order_item: procurementOrderItem.id }, 200);
  await put('/api/customers/storefront/', {
    store_url: A_TEXT.storeUrl,
    consumer_key: A_TEXT.consumerKey,
    consumer_secret: 'cs_isolation-a-marker',
  });

  const notification = await notify(db, { companyId: a.companyId, receiverUserId: a.user.id, title: `${M} low stock`, message: M, kind: 'low_stock' });
  await notify(db, { companyId: a.companyId, receiverUserId: staff.user.id, title: `${M} for staff`, message: M });
  const [systemNotification] = await db
    .select({ id: systemNotifications.id })
    .from(systemNotifications)
    .where(eq(systemNotifications.companyId, a.companyId))
    .orderBy(asc(systemNotifications.id));
  await post('/api/feedback/', { message: `${M} feedback`, page: '/isolation-a-marker' });
  const bookmarkView = `${M}-view`.toLowerCase();
  const bookmarkName = `${M} bookmark`;
  await post('/api/user/bookmarks/', { name: bookmarkName, view: bookmarkView, query: 'search=isolation-a-marker', pinned: true });

  const [googleItem] = await db.select({ id: googleTaxonomyItems.id }).from(googleTaxonomyItems).orderBy(asc(googleTaxonomyItems.id)).limit(1);
  const [facebookItem] = await db.select({ id: facebookTaxonomyItems.id }).from(facebookTaxonomyItems).orderBy(asc(facebookTaxonomyItems.id)).limit(1);
  const googleLink = await post('/api/taxonomies/google/links/', { account: a.user.id, taxonomy: googleItem!.id });
  const facebookLink = await post('/api/taxonomies/facebook/links/', { account: a.user.id, company: a.companyId, taxonomy: facebookItem!.id });
  await put(`/api/catalog/products/${product.id}/taxonomies/`, { google_taxonomy: googleItem!.id, facebook_taxonomy: facebookItem!.id });
  // A directory entry of its own (the demo shop already took the demo's): A adopts it, B may too.
  const globalSupplier = await insertGlobalSupplier(db, { name: 'Isolation Directory Supplier', nameAbbrev: 'IDS' });
  await insertGlobalSupplierProduct(db, globalSupplier.id, { name: 'Isolation directory product' });
  await post(`/api/suppliers_global/${globalSupplier.id}/adopt/`, undefined);

  // A publish writes export files under a token of A's, and leaves a finished job.
  await post('/api/catalog/products/publish/', { action: 'csv' }, 200);
  await app.jobs.whenIdle();
  const [job] = await db
    .select({ id: backgroundJobs.id })
    .from(backgroundJobs)
    .where(eq(backgroundJobs.companyId, a.companyId))
    .orderBy(asc(backgroundJobs.id));
  const [exportRow] = await db.select().from(catalogExports).where(eq(catalogExports.companyId, a.companyId));

  const ids: Ids = {
    company: a.companyId,
    user: a.user.id,
    staffUser: staff.user.id,
    product: product.id,
    productTwo: productTwo.id,
    description: description.id,
    locationType: locationType.id,
    location: location.id,
    locationTwo: locationTwo.id,
    transaction: transaction.id,
    supplier: supplier.id,
    feed: feed.id,
    procurementProduct: procurementProduct.id,
    procurementCategory: procurementCategory.id,
    procurementOrder: procurementOrder.id,
    procurementOrderItem: procurementOrderItem.id,
    procurementImageUrl: imageUrls.created[0].id,
    catalogCategory: catalogCategory.id,
    markup: markup.id,
    image: image!.id,
    imageClassification: imageClassification.id,
    productImage: productImage.id,
    categoryImage: categoryImage.id,
    fileUrl: fileUrl.id,
    order: order.id,
    orderItem: orderItem.id,
    pickTransaction: picked.inventory_transaction,
    backorder: backorder.id,
    notification,
    systemNotification: systemNotification!.id,
    job: job!.id,
    googleLink: googleLink.id,
    facebookLink: facebookLink.id,
  };
  const mediaUrl: string = image!.url;
  const names: Names = {
    email: a.user.email,
    bookmarkView,
    bookmarkName,
    exportToken: exportRow!.token,
    mediaKey: mediaUrl.split('/api/media/')[1]!,
  };
  return { a, ids, names };
}

/** Company B: an empty company (no demo shop) with one object of each kind a mixed body needs. */
async function seedCompanyB(app: TestApp, aCompanyId: number): Promise<{ b: Tenant; bStaff: Tenant; own: Own }> {
  const db = app.deps.database.db;
  const b = await createTenant(app, { account: { first_name: 'Bob', last_name: 'Bravo' }, company: { name: 'Bravo Trading AB' } });
  const bStaff = await createStaffUser(app, b, { first_name: 'Bea' });
  const post = (url: string, payload: unknown, status = 201) =>
    must(call(app, b, { method: 'POST', url, payload: payload as InjectOptions['payload'] }), status, url);

  const location = await post('/api/catalog/inventory_locations/', { name: 'B shelf' });
  const locationTwo = await post('/api/catalog/inventory_locations/', { name: 'B back room' });
  const product = await post('/api/catalog/products/', { sku: 'B-SKU-1', name: 'B product', qty_restock_level: 5 });
  const transaction = await post('/api/catalog/inventory_transactions/', {
    product: product.id,
    location: location.id,
    quantity: 10,
    inventory_action: 'STOCK_IN',
  });
  const supplier = await post('/api/procurement/suppliers/', { name: 'B supplier', name_abbrev: 'BS' });
  const procurementCategory = await post('/api/procurement/categories/', { supplier: supplier.id, name: 'B category' });
  const feed = await post('/api/procurement/feeds/', {
    supplier: supplier.id,
    name: 'B feed',
    url: 'http://127.0.0.1:9/b.csv',
    format: 'CSV',
    column_mapping: { sku: 'sku', name: 'name' },
  });
  // B's storefront answers nothing (port 9): B's order sync fails fast, and never reaches A's shop.
  await must(
    call(app, b, {
      method: 'PUT',
      url: '/api/customers/storefront/',
      payload: { store_url: 'http://127.0.0.1:9', consumer_key: 'ck_b', consumer_secret: 'cs_b' },
    }),
    200,
    'storefront',
  );
  const [systemNotification] = await db
    .select({ id: systemNotifications.id })
    .from(systemNotifications)
    .where(eq(systemNotifications.companyId, b.companyId))
    .orderBy(asc(systemNotifications.id));
  const procurementProduct = await insertProcurementProduct(db, b.companyId, supplier.id, { sku: 'B-PP-1', name: 'B supplier product' });
  const [aDemoProduct] = await db
    .select({ sku: catalogProducts.sku })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, aCompanyId), not(ilike(catalogProducts.sku, `%${M}%`))))
    .orderBy(asc(catalogProducts.id))
    .limit(1);
  const procurementProductTwin = await insertProcurementProduct(db, b.companyId, supplier.id, { sku: aDemoProduct!.sku, name: 'B twin of a SKU A has' });
  const procurementOrder = await post('/api/procurement/orders/', { supplier: supplier.id });
  const procurementOrderItem = await post('/api/procurement/order_items/', { order: procurementOrder.id, product: product.id, quantity: 3 });
  const catalogCategory = await post('/api/catalog/categories/', { title: 'B category' });
  const imageClassification = await post('/api/catalog/image_classifications/', { title: 'B class' });
  const [image] = await uploadImages(app, b, ['b-photo.png']);
  const { order, items } = await insertOrder(db, b.companyId, { orderNumber: 'B-W1' }, [
    { productId: product.id, prodSku: 'B-SKU-1', prodName: 'B product', quantity: 4 },
  ]);
  const backorder = await post('/api/customers/backorders/', { order_item: items[0]!.id, quantity: 1 });
  const [googleItem] = await db.select({ id: googleTaxonomyItems.id }).from(googleTaxonomyItems).orderBy(asc(googleTaxonomyItems.id)).limit(1);
  const [facebookItem] = await db.select({ id: facebookTaxonomyItems.id }).from(facebookTaxonomyItems).orderBy(asc(facebookTaxonomyItems.id)).limit(1);
  const [globalSupplier] = await db.select({ id: globalSuppliers.id }).from(globalSuppliers).where(eq(globalSuppliers.nameAbbrev, 'IDS'));
  return {
    b,
    bStaff,
    own: {
      company: b.companyId,
      user: b.user.id,
      staffUser: bStaff.user.id,
      password: b.password,
      product: product.id,
      transaction: transaction.id,
      systemNotification: systemNotification!.id,
      procurementCategory: procurementCategory.id,
      feed: feed.id,
      png: await makeImage('png', 8, 8),
      location: location.id,
      locationTwo: locationTwo.id,
      supplier: supplier.id,
      procurementProduct: procurementProduct.id,
      procurementProductTwin: procurementProductTwin.id,
      procurementOrder: procurementOrder.id,
      procurementOrderItem: procurementOrderItem.id,
      catalogCategory: catalogCategory.id,
      image: image!.id,
      imageClassification: imageClassification.id,
      order: order.id,
      orderItem: items[0]!.id,
      backorder: backorder.id,
      googleItem: googleItem!.id,
      facebookItem: facebookItem!.id,
      globalSupplier: globalSupplier!.id,
    },
  };
}

export async function seedIsolationWorld(app: TestApp): Promise<IsolationWorld> {
  const { a, ids, names } = await seedCompanyA(app);
  const { b, bStaff, own } = await seedCompanyB(app, a.companyId);
  await app.jobs.whenIdle();
  return { a, b, bStaff, aIds: ids, aNames: names, own };
}
