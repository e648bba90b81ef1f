import { z } from 'zod';
import { Id, listQuery, page, PkValue } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

/**
 * The catalog image library (spec §3 "Image", §7 "Catalog images"). Files are PNG, JPEG, WebP
 * or GIF, recognised by their content and decoded on upload; each gets a WebP thumbnail.
 */

/** Files per upload request; the web app sends more in several requests. */
export const MAX_CATALOG_IMAGE_UPLOAD_FILES = 50;
/** Thumbnails fit inside this many pixels on each side. */
export const IMAGE_THUMBNAIL_SIZE = 320;
/** Larger images (width x height) are refused: decoding them would take the server's memory. */
export const MAX_IMAGE_PIXELS = 64_000_000;
/** The server's default for IMAGE_MAX_BYTES. */
export const DEFAULT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

const megabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

/** Per-file upload errors. */
export const IMAGE_NOT_AN_IMAGE = 'Not an image (PNG, JPEG, WebP or GIF).';
export const imageTooLargeMessage = (maxBytes: number) => `File too large (max ${megabytes(maxBytes)} MB).`;
export const IMAGE_TOO_MANY_PIXELS = `Image dimensions too large (max ${MAX_IMAGE_PIXELS / 1_000_000} megapixels).`;
/** A request that carries no file part at all. */
export const IMAGE_FILES_REQUIRED = 'Send one or more image files in the field "files".';
export const IMAGE_CLASSIFICATION_TITLE_TAKEN = 'An image classification with this title already exists.';
export const IMAGE_ALREADY_ON_PRODUCT = 'This image is already attached to this product.';
export const IMAGE_ALREADY_ON_CATEGORY = 'This image is already attached to this category.';

const Title = z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(255, DRF_FIELD_MESSAGES.maxLength(255));

export const ImageClassificationRef = z.object({ id: z.number().int(), title: z.string() });
export type ImageClassificationRef = z.infer<typeof ImageClassificationRef>;

export const ImageResponse = z.object({
  id: z.number().int(),
  /** The file name without its extension, until someone renames it. */
  title: z.string(),
  /** The name the file was uploaded with. */
  filename: z.string(),
  content_type: z.string(),
  /** Bytes of the original file. */
  size: z.number().int(),
  /** Pixels, as the image is displayed (EXIF orientation applied). */
  width: z.number().int(),
  height: z.number().int(),
  classification: ImageClassificationRef.nullable(),
  /** Absolute /api/media/<key> URLs; served without a token and cached for a year. */
  url: z.string(),
  thumbnail_url: z.string(),
  /** Catalog products the image is attached to, by id. */
  product_ids: z.array(z.number().int()),
  account: z.number().int().nullable(),
  company: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImageResponse = z.infer<typeof ImageResponse>;
export const ImagePage = page(ImageResponse);
export type ImagePage = z.infer<typeof ImagePage>;

/**
 * GET /catalog/images/: page PAGE_SIZE.catalogImages (100), newest first. `classification`
 * (exact, in, isnull), `product` (attached to that catalog product), search in title and file
 * name, ordering by id, created_at, title or size.
 */
export const ListImagesQuery = listQuery({ id: ['in'], classification: ['exact', 'in', 'isnull'], content_type: ['exact'] }, { product: Id.optional() });
export type ListImagesQuery = z.input<typeof ListImagesQuery>;

/** PATCH /catalog/images/{id}/: rename, and set or clear the classification (null). */
export const UpdateImageBody = z.strictObject({ title: Title.optional(), classification: PkValue.nullable().optional() });
export type UpdateImageBody = z.infer<typeof UpdateImageBody>;

/**
 * The text fields of POST /catalog/images/ (multipart/form-data). Besides them the form carries
 * one or more `files` parts, at most MAX_CATALOG_IMAGE_UPLOAD_FILES, each at most the server's
 * IMAGE_MAX_BYTES. `classification` applies to every stored image.
 */
export const UploadImagesFields = z.strictObject({
  classification: z
    .preprocess((v) => (typeof v === 'string' && /^\d{1,10}$/.test(v.trim()) ? Number(v) : v), z.number().int().positive().max(2_147_483_647))
    .optional(),
});
export type UploadImagesFields = z.input<typeof UploadImagesFields>;

/** One file of an upload: the stored image, or why it was refused. */
export const ImageUploadResult = z.object({ filename: z.string(), image: ImageResponse.optional(), error: z.string().optional() });
export type ImageUploadResult = z.infer<typeof ImageUploadResult>;

/**
 * Spec §4: an upload counts successes and failures. 201 when at least one image was stored,
 * 400 with this same body when none was; results are in the order the files were sent.
 * (A request without any file, or with a bad text field, is a 400 with DRF field errors.)
 */
export const UploadImagesResponse = z.object({ uploaded: z.number().int(), failed: z.number().int(), results: z.array(ImageUploadResult) });
export type UploadImagesResponse = z.infer<typeof UploadImagesResponse>;

/** Image classifications ('Packshot', 'Lifestyle'...): titles unique per company. */
export const ImageClassificationResponse = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Images with this classification. */
  image_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ImageClassificationResponse = z.infer<typeof ImageClassificationResponse>;
export const ImageClassificationPage = page(ImageClassificationResponse);
export type ImageClassificationPage = z.infer<typeof ImageClassificationPage>;
/** POST, PUT and PATCH take the same body. Deleting one leaves its images unclassified. */
export const ImageClassificationBody = z.strictObject({ title: Title });
export type ImageClassificationBody = z.infer<typeof ImageClassificationBody>;
/** Page PAGE_SIZE.default (25), by title; search in the title. */
export const ListImageClassificationsQuery = listQuery({ id: ['in'], title: ['icontains'] });
export type ListImageClassificationsQuery = z.input<typeof ListImageClassificationsQuery>;

/**
 * An image attached to a catalog product, or to a catalog category. `image` is the whole image
 * (its URLs, size and classification), so a product or category screen needs no second call;
 * it is sent as an id.
 */
export const ProductImageResponse = z.object({
  id: z.number().int(),
  product: z.number().int(),
  image: ImageResponse,
  order: z.number().int(),
  created_at: z.string(),
});
export type ProductImageResponse = z.infer<typeof ProductImageResponse>;
export const ProductImagePage = page(ProductImageResponse);
export type ProductImagePage = z.infer<typeof ProductImagePage>;
const Order = z.number().int('Enter a whole number.').min(0).max(1_000_000);
export const ProductImageBody = z.strictObject({ product: PkValue, image: PkValue, order: Order.optional() });
export type ProductImageBody = z.infer<typeof ProductImageBody>;
/** Page PAGE_SIZE.catalogImages, by order then id. */
export const ListProductImagesQuery = listQuery({ product: ['exact', 'in'], image: ['exact', 'in'] });
export type ListProductImagesQuery = z.input<typeof ListProductImagesQuery>;

export const CategoryImageResponse = z.object({
  id: z.number().int(),
  category: z.number().int(),
  image: ImageResponse,
  order: z.number().int(),
  created_at: z.string(),
});
export type CategoryImageResponse = z.infer<typeof CategoryImageResponse>;
export const CategoryImagePage = page(CategoryImageResponse);
export type CategoryImagePage = z.infer<typeof CategoryImagePage>;
export const CategoryImageBody = z.strictObject({ category: PkValue, image: PkValue, order: Order.optional() });
export type CategoryImageBody = z.infer<typeof CategoryImageBody>;
export const ListCategoryImagesQuery = listQuery({ category: ['exact', 'in'], image: ['exact', 'in'] });
export type ListCategoryImagesQuery = z.input<typeof ListCategoryImagesQuery>;
