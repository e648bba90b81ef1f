import { ProductPatch, type ProductResponse, type ProductTypeValue } from '@kontor/contract';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { decimalText } from './product-fields';

/** Every writable field of the contract's ProductPatch that the edit screen shows (the free-form `description` object is not one). */
export const PRODUCT_EDIT_FIELDS = [
  'sku',
  'name',
  'product_type',
  'product__stock_proxy_parent',
  'url',
  'archived',
  'vat',
  'cost_shipping',
  'cost_packaging_labour',
  'cost_packaging_material',
  'price_manual_override',
  'price_on_sale',
  'packaging_width',
  'packaging_length',
  'packaging_height',
  'packaging_weight',
  'default_location_id',
  'qty_restock_level',
  'qty_restock_amount',
  'image_urls',
] as const;
export type ProductEditField = (typeof PRODUCT_EDIT_FIELDS)[number];

type TextField = Exclude<ProductEditField, 'archived'>;
/** The inputs hold text ('' = empty / none); the image URLs are one per line. */
export type ProductFormValues = Record<TextField, string> & { archived: boolean };

const text = (value: number | string | null) => (value === null ? '' : String(value));
const orNull = (value: string) => (value.trim() === '' ? null : value);
/** A decimal typed with a comma (12,5) or a dot, as the grid reads it (decimalText). */
const decimal = (value: string) => decimalText(value);
const decimalOrNull = (value: string) => (value.trim() === '' ? null : decimalText(value));
const intOrNull = (value: string) => (value.trim() === '' ? null : Number(decimalText(value)));
export const imageUrlLines = (value: string) =>
  value
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const toProductFormValues = (product: ProductResponse): ProductFormValues => ({
  sku: product.sku,
  name: product.name,
  product_type: product.product_type,
  product__stock_proxy_parent: text(product.product__stock_proxy_parent),
  url: product.url,
  archived: product.archived,
  vat: text(product.vat),
  cost_shipping: text(product.cost_shipping),
  cost_packaging_labour: text(product.cost_packaging_labour),
  cost_packaging_material: text(product.cost_packaging_material),
  price_manual_override: text(product.price_manual_override),
  price_on_sale: text(product.price_on_sale),
  packaging_width: text(product.packaging_width),
  packaging_length: text(product.packaging_length),
  packaging_height: text(product.packaging_height),
  packaging_weight: text(product.packaging_weight),
  default_location_id: text(product.default_location_id),
  qty_restock_level: text(product.qty_restock_level),
  qty_restock_amount: text(product.qty_restock_amount),
  image_urls: product.image_urls.join('\n'),
});

const ImageUrls = ProductPatch.shape.image_urls.unwrap();

/** The contract's patch row, limited to the screen's fields, every one of them present. */
const ProductEditPatch = ProductPatch.pick(
  Object.fromEntries(PRODUCT_EDIT_FIELDS.map((field) => [field, true] as const)) as Record<ProductEditField, true>,
).required();

/**
 * The form's text turned into the contract's patch fields and checked by the contract itself,
 * so the client refuses exactly what the server would. Image URLs are checked line by line
 * first: the message names the line, on the one field the lines share.
 */
export const ProductFormSchema = z
  .object({
    ...(Object.fromEntries(PRODUCT_EDIT_FIELDS.filter((field) => field !== 'archived').map((field) => [field, z.string()])) as Record<TextField, z.ZodString>),
    archived: z.boolean(),
  })
  .superRefine((values, ctx) => {
    imageUrlLines(values.image_urls).forEach((line, index) => {
      const parsed = ImageUrls.element.safeParse(line);
      if (!parsed.success)
        ctx.addIssue({ code: 'custom', path: ['image_urls'], message: `Line ${index + 1}: ${parsed.error.issues[0]?.message ?? 'Enter a valid URL.'}` });
    });
  })
  .transform((values): z.input<typeof ProductEditPatch> => ({
    sku: values.sku,
    name: values.name,
    // The select only offers the contract's types; the pipe checks it all the same.
    product_type: values.product_type as ProductTypeValue,
    product__stock_proxy_parent: orNull(values.product__stock_proxy_parent),
    url: values.url,
    archived: values.archived,
    vat: decimal(values.vat),
    cost_shipping: decimal(values.cost_shipping),
    cost_packaging_labour: decimal(values.cost_packaging_labour),
    cost_packaging_material: decimal(values.cost_packaging_material),
    price_manual_override: decimalOrNull(values.price_manual_override),
    price_on_sale: decimalOrNull(values.price_on_sale),
    packaging_width: intOrNull(values.packaging_width),
    packaging_length: intOrNull(values.packaging_length),
    packaging_height: intOrNull(values.packaging_height),
    packaging_weight: decimalOrNull(values.packaging_weight),
    default_location_id: orNull(values.default_location_id),
    qty_restock_level: decimal(values.qty_restock_level),
    qty_restock_amount: decimal(values.qty_restock_amount),
    image_urls: imageUrlLines(values.image_urls),
  }))
  .pipe(ProductEditPatch);

export type ProductEditValues = z.output<typeof ProductFormSchema>;

/** The fields whose normalised value differs from the saved product's: what the PUT sends. */
export function changedFields(values: ProductEditValues, product: ProductResponse): Partial<ProductEditValues> {
  const saved = ProductFormSchema.safeParse(toProductFormValues(product));
  const before: Partial<ProductEditValues> = saved.success ? saved.data : {};
  const changes: Partial<Record<ProductEditField, unknown>> = {};
  for (const field of PRODUCT_EDIT_FIELDS) {
    if (JSON.stringify(values[field]) !== JSON.stringify(before[field])) changes[field] = values[field];
  }
  return changes as Partial<ProductEditValues>;
}

/**
 * The bulk PUT names its errors `products.0.<field>` (and `products.0.image_urls.2` for a line);
 * the form's fields are the bare names. Other keys stay as they are, for the form's alert.
 */
export function productRowErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.data || typeof error.data !== 'object') return error;
  const remapped: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error.data)) {
    const match = /^products\.0\.([^.]+)(?:\.(\d+))?/.exec(key);
    if (!match) {
      remapped[key] = value;
      continue;
    }
    const [, field, line] = match;
    const messages = (Array.isArray(value) ? value : [value]).map((message) =>
      line === undefined ? String(message) : `Line ${Number(line) + 1}: ${String(message)}`,
    );
    remapped[field!] = [...((remapped[field!] as string[] | undefined) ?? []), ...messages];
  }
  return new ApiError(error.status, error.message, remapped);
}
