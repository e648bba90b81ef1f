import { z } from 'zod';
import { PkValue, listQuery, page } from './common.js';
import { DRF_FIELD_MESSAGES } from './drf-messages.js';

const optionalUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/\S+$/i.test(v), DRF_FIELD_MESSAGES.url);
const optionalEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => v === '' || z.email().safeParse(v).success, DRF_FIELD_MESSAGES.email);

// ---- Currencies (/currencies/): platform reference data, read-only ----
export const CurrencyResponse = z.object({
  id: z.number().int(),
  /** ISO 4217, e.g. EUR. */
  code: z.string(),
  name: z.string(),
  /** SEK per one unit; up to 6 decimals, since some units are worth far less than a krona (JPY). */
  rate_to_sek: z.number(),
});
export type CurrencyResponse = z.infer<typeof CurrencyResponse>;
export const CurrencyPage = page(CurrencyResponse);
export type CurrencyPage = z.infer<typeof CurrencyPage>;
export const ListCurrenciesQuery = listQuery({ id: ['exact', 'in'], code: ['exact', 'in'] });
export type ListCurrenciesQuery = z.infer<typeof ListCurrenciesQuery>;

// ---- Procurement suppliers (/procurement/suppliers/) ----
/** Spec §3 "Procurement supplier"; the spec shows name and name_abbrev, the rest is ours. */
export const SupplierResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  name_abbrev: z.string(),
  website: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Currency id its prices are in (null: SEK). */
  currency: z.number().int().nullable(),
  comments: z.string(),
  /** The platform directory entry it was taken from, if any. */
  global_supplier: z.number().int().nullable(),
  feeds_count: z.number().int(),
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SupplierResponse = z.infer<typeof SupplierResponse>;
export const SupplierPage = page(SupplierResponse);
export type SupplierPage = z.infer<typeof SupplierPage>;
/** `ordering`: name, -name, created_at, -created_at; `search` looks in name and name_abbrev. */
export const ListSuppliersQuery = listQuery({ id: ['exact', 'in'], name: ['icontains'], name_abbrev: ['icontains'], currency: ['exact'] });
export type ListSuppliersQuery = z.infer<typeof ListSuppliersQuery>;

/**
 * POST and PUT {id}/ take the same body: name and name_abbrev are required, and on a PUT the
 * optional fields left out keep their value (DRF's update, ADR 0006).
 */
export const SupplierBody = z.strictObject({
  name: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(200),
  name_abbrev: z.string().trim().min(1, DRF_FIELD_MESSAGES.blank).max(30),
  website: optionalUrl.optional(),
  email: optionalEmail.optional(),
  phone: z.string().trim().max(50).optional(),
  currency: PkValue.nullable().optional(),
  comments: z.string().max(5000).optional(),
  global_supplier: PkValue.nullable().optional(),
});
export type SupplierBody = z.input<typeof SupplierBody>;
export const CreateSupplierBody = SupplierBody;
export type CreateSupplierBody = SupplierBody;
export const UpdateSupplierBody = SupplierBody;
export type UpdateSupplierBody = SupplierBody;

/** Field errors the server answers for duplicates (400). */
export const SUPPLIER_NAME_TAKEN = 'A supplier with this name already exists.';
export const SUPPLIER_ABBREV_TAKEN = 'A supplier with this abbreviation already exists.';

// ---- The company's suppliers for pickers (/suppliers/) ----
/** Spec §3 "Supplier (catalog lists)". */
export const SupplierOptionResponse = z.object({ id: z.number().int(), name: z.string(), name_abbrev: z.string() });
export type SupplierOptionResponse = z.infer<typeof SupplierOptionResponse>;
export const SupplierOptionPage = page(SupplierOptionResponse);
export type SupplierOptionPage = z.infer<typeof SupplierOptionPage>;
export const ListSupplierOptionsQuery = listQuery({ id: ['exact', 'in'], name: ['icontains'] });
export type ListSupplierOptionsQuery = z.infer<typeof ListSupplierOptionsQuery>;

// ---- The platform directory (/suppliers_global/), read-only ----
export const GlobalSupplierResponse = z.object({
  id: z.number().int(),
  name: z.string(),
  name_abbrev: z.string(),
  website: z.string(),
  country: z.string(),
  description: z.string(),
  brands: z.array(z.string()),
  products_count: z.number().int(),
});
export type GlobalSupplierResponse = z.infer<typeof GlobalSupplierResponse>;
export const GlobalSupplierPage = page(GlobalSupplierResponse);
export type GlobalSupplierPage = z.infer<typeof GlobalSupplierPage>;
/** `search` looks in name, name_abbrev, description and brands; `ordering`: name, country. */
export const ListGlobalSuppliersQuery = listQuery({ id: ['exact', 'in'], name: ['icontains'], country: ['exact', 'icontains'] });
export type ListGlobalSuppliersQuery = z.infer<typeof ListGlobalSuppliersQuery>;

export const GlobalSupplierProductResponse = z.object({
  id: z.number().int(),
  supplier: z.number().int(),
  supplier_name: z.string(),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  /** In `currency`; 2 decimals. */
  price: z.number().nullable(),
  /** Currency id. */
  currency: z.number().int().nullable(),
  /** ISO code of `currency`, so a browsing screen needs no second call. */
  currency_code: z.string().nullable(),
  url: z.string(),
  image_url: z.string(),
});
export type GlobalSupplierProductResponse = z.infer<typeof GlobalSupplierProductResponse>;
export const GlobalSupplierProductPage = page(GlobalSupplierProductResponse);
export type GlobalSupplierProductPage = z.infer<typeof GlobalSupplierProductPage>;
/** `search` looks in sku, name and brand; `ordering`: name, sku, brand, price. */
export const ListGlobalSupplierProductsQuery = listQuery({ supplier: ['exact', 'in'], brand: ['exact', 'icontains'], sku: ['exact'] });
export type ListGlobalSupplierProductsQuery = z.infer<typeof ListGlobalSupplierProductsQuery>;
