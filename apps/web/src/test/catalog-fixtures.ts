import type { LocationResponse, ProductDescriptionResponse, ProductResponse } from '@kontor/contract';
import { testUser } from './render';

/**
 * API shapes of the catalog for the features' test back ends (inventory, catalog, dashboard):
 * one definition each, so a new contract field is added once. Callers pick the ids, so each
 * back end keeps its own id range.
 */
const NOW = '2026-03-01T10:00:00.000Z';
const noPrice = { incl: null, excl: null, margin: null };

/** An unpriced simple product; pass prices (and their details) as overrides. */
export const productResponse = (id: number, overrides: Partial<ProductResponse> = {}): ProductResponse => ({
  id,
  sku: `SKU-${id}`,
  name: `Product ${id}`,
  product_type: 'simple',
  product__stock_proxy_parent: null,
  qty_in_stock: 0,
  cost_shipping: 0,
  price_manual_override: null,
  price_on_sale: null,
  price: null,
  vat: 25,
  price_calculated_automatically: null,
  procurement_cost: null,
  cost_packaging_labour: 0,
  cost_packaging_material: 0,
  packaging_width: null,
  packaging_length: null,
  packaging_height: null,
  packaging_weight: null,
  default_location_id: null,
  qty_restock_level: 0,
  qty_restock_amount: 0,
  description: {},
  image_urls: [],
  url: '',
  archived: false,
  total_cost: 0,
  margin: null,
  margin_percent: null,
  price_details: { sale: noPrice, manual: noPrice, auto: noPrice },
  edited_at: null,
  synced_at: null,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});

export const locationResponse = (id: number, overrides: Partial<LocationResponse> = {}): LocationResponse => {
  const name = overrides.name ?? `Shelf ${id}`;
  return {
    id,
    name,
    name_slug: name.toLowerCase().replace(/\s+/g, '-'),
    abbreviation_slug: `S${id}`,
    content: '',
    comment: '',
    stocktaking_perfomed_at: null,
    obsolete: false,
    not_for_stock: false,
    type: null,
    type_name: null,
    account: null,
    company: testUser.company,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
};

export const descriptionResponse = (id: number, overrides: Partial<ProductDescriptionResponse> & { product: number }): ProductDescriptionResponse => ({
  id,
  language: 'SV',
  name: '',
  content: '',
  excerpt: '',
  meta_title: '',
  meta_keywords: '',
  meta_description: '',
  source: 'chatgpt',
  machine_translation: false,
  account: testUser.id,
  company: testUser.company,
  created_at: NOW,
  updated_at: NOW,
  ...overrides,
});
