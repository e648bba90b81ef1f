import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../client.js';
import { catalogImageClassifications, catalogImages, catalogProductImages, catalogProducts } from '../schema/index.js';
import type { Storage } from '../../lib/storage.js';
import { inspectImage, removeImageFiles, storeImageFile, type InspectedImage, type StoredImageFile } from '../../modules/media/image-files.js';
import type { DemoTarget } from './demo-company.js';
import { ITEMS } from './demo-shop.js';

export const DEMO_CLASSIFICATIONS = ['Packshot', 'Lifestyle', 'Detail'] as const;
type Kind = (typeof DEMO_CLASSIFICATIONS)[number];

/** Products that get pictures: a packshot and a lifestyle shot each, the first few a detail too (24 images). */
const PICTURED_PRODUCTS = 10;
const WITH_DETAIL = 4;
const SIZE = 600;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A calm colour per product, so each product's pictures belong together. */
const hue = (index: number) => (index * 47) % 360;

/** A drawn stand-in for a product photo: no downloads, no bundled binaries. */
function pictureSvg(name: string, kind: Kind, index: number): string {
  const h = hue(index);
  const label = escapeXml(name.length > 28 ? `${name.slice(0, 27)}…` : name);
  const text = `<text x="300" y="550" font-family="DejaVu Sans, Arial, sans-serif" font-size="34" text-anchor="middle" fill="#1d2733">${label}</text>`;
  if (kind === 'Packshot') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect width="600" height="600" fill="#ffffff"/>
      <ellipse cx="300" cy="470" rx="170" ry="22" fill="#e3e6ea"/><rect x="170" y="120" width="260" height="330" rx="36" fill="hsl(${h},45%,48%)"/>
      <rect x="200" y="150" width="80" height="270" rx="20" fill="hsl(${h},45%,62%)"/>${text}</svg>`;
  }
  if (kind === 'Lifestyle') {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="hsl(${(h + 180) % 360},40%,86%)"/><stop offset="1" stop-color="hsl(${(h + 200) % 360},35%,62%)"/></linearGradient></defs>
      <rect width="600" height="600" fill="url(#g)"/><rect y="400" width="600" height="200" fill="hsl(30,25%,55%)"/>
      <circle cx="480" cy="110" r="55" fill="#fff6d5"/><rect x="120" y="230" width="190" height="240" rx="28" fill="hsl(${h},45%,45%)"/>
      <rect x="360" y="300" width="120" height="170" rx="16" fill="hsl(${(h + 40) % 360},30%,70%)"/>${text}</svg>`;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}"><rect width="600" height="600" fill="hsl(${h},45%,48%)"/>
    <circle cx="300" cy="260" r="170" fill="hsl(${h},45%,62%)"/><circle cx="300" cy="260" r="90" fill="hsl(${h},50%,74%)"/>
    <rect x="0" y="500" width="600" height="100" fill="#ffffff" opacity="0.85"/>${text}</svg>`;
}

type Picture = { data: Buffer; image: InspectedImage };

/**
 * Rendered once per process and per name: every demo company shows the same shop, so later
 * registrations only write files. Each company still gets its own copies under new random keys
 * (a key is the capability to read a file, and deleting one company's image must not touch another's).
 */
const rendered = new Map<string, Promise<Picture>>();

function picture(name: string, kind: Kind, index: number): Promise<Picture> {
  const key = `${kind}\n${index}\n${name}`;
  let cached = rendered.get(key);
  if (!cached) {
    cached = (async () => {
      const svg = sharp(Buffer.from(pictureSvg(name, kind, index)));
      // Packshots as PNG, the photos as JPEG: the library shows both kinds.
      const data = kind === 'Packshot' ? await svg.png({ compressionLevel: 9, palette: true }).toBuffer() : await svg.jpeg({ quality: 82 }).toBuffer();
      const checked = await inspectImage(data, Number.MAX_SAFE_INTEGER);
      if ('error' in checked) throw new Error(`demo image did not decode: ${checked.error}`);
      return { data, image: checked.image };
    })();
    cached.catch(() => rendered.delete(key));
    rendered.set(key, cached);
  }
  return cached;
}

/**
 * The other colours and sizes of a pictured product (the same demo item, see demo-shop ITEMS)
 * show its packshot too, as shops do for variants: most demo products then have a picture, and
 * the channel feeds have products to publish. No new files: the same library image is attached.
 */
async function siblingPackshots(
  db: DbOrTx,
  companyId: number,
  planned: { product: { id: number; sku: string }; kind: Kind }[],
  attached: { productId: number; imageId: number }[],
): Promise<(typeof catalogProductImages.$inferInsert)[]> {
  const itemOf = (sku: string) => {
    const n = /^KNT-(\d+)$/.exec(sku)?.[1];
    return n === undefined ? undefined : (Number(n) - 10001) % ITEMS.length;
  };
  const packshotOfItem = new Map<number, number>();
  const pictured = new Set<number>();
  for (const [i, p] of planned.entries()) {
    pictured.add(p.product.id);
    const item = itemOf(p.product.sku);
    if (p.kind === 'Packshot' && item !== undefined && !packshotOfItem.has(item)) packshotOfItem.set(item, attached[i]!.imageId);
  }
  const all = await db.select({ id: catalogProducts.id, sku: catalogProducts.sku }).from(catalogProducts).where(eq(catalogProducts.companyId, companyId));
  return all.flatMap((product) => {
    const imageId = pictured.has(product.id) ? undefined : packshotOfItem.get(itemOf(product.sku) ?? -1);
    return imageId === undefined ? [] : [{ companyId, productId: product.id, imageId, sortOrder: 0 }];
  });
}

/**
 * The demo image library: the classifications Packshot, Lifestyle and Detail, and 24 pictures of
 * demo products made with sharp, stored like uploads (original + WebP thumbnail), classified
 * and attached to their products. Runs inside the registration transaction; when its own
 * inserts fail, the files it wrote are removed.
 */
export async function seedDemoMedia(db: DbOrTx, target: DemoTarget, storage: Storage): Promise<void> {
  const { companyId, userId } = target;
  const classifications = await db
    .insert(catalogImageClassifications)
    .values(DEMO_CLASSIFICATIONS.map((title) => ({ companyId, accountId: userId, title })))
    .returning({ id: catalogImageClassifications.id, title: catalogImageClassifications.title });
  const classificationId = new Map(classifications.map((c) => [c.title, c.id]));

  const products = await db
    .select({ id: catalogProducts.id, name: catalogProducts.name, sku: catalogProducts.sku })
    .from(catalogProducts)
    .where(and(eq(catalogProducts.companyId, companyId), eq(catalogProducts.productType, 'simple')))
    .orderBy(asc(catalogProducts.sku))
    .limit(PICTURED_PRODUCTS);

  const planned = products.flatMap((product, index) =>
    (index < WITH_DETAIL ? (['Packshot', 'Lifestyle', 'Detail'] as const) : (['Packshot', 'Lifestyle'] as const)).map((kind, order) => ({
      product,
      index,
      kind,
      order,
    })),
  );
  const pictures = await Promise.all(planned.map((p) => picture(p.product.name, p.kind, p.index)));

  const written: StoredImageFile[] = [];
  try {
    for (const [i, p] of pictures.entries()) written[i] = await storeImageFile(storage, p.data, p.image);
    const images = await db
      .insert(catalogImages)
      .values(
        planned.map((p, i) => ({
          companyId,
          accountId: userId,
          title: `${p.product.name} – ${p.kind.toLowerCase()}`,
          filename: `${p.product.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${p.kind.toLowerCase()}.${written[i]!.contentType === 'image/png' ? 'png' : 'jpg'}`,
          classificationId: classificationId.get(p.kind)!,
          ...written[i]!,
        })),
      )
      .returning({ id: catalogImages.id, key: catalogImages.storageKey });
    const imageIdByKey = new Map(images.map((r) => [r.key, r.id]));
    const attached = planned.map((p, i) => ({ companyId, productId: p.product.id, imageId: imageIdByKey.get(written[i]!.storageKey)!, sortOrder: p.order }));
    await db.insert(catalogProductImages).values([...attached, ...(await siblingPackshots(db, companyId, planned, attached))]);
  } catch (err) {
    await removeImageFiles(storage, written.filter(Boolean));
    throw err;
  }
}
