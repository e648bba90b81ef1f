/** Constants of spec §9 and messages of spec §8, spelled exactly as the spec has them. */

export const SNACKBAR_AUTO_HIDE_MS = 4000;
export const REFRESH_TOKEN_COOKIE_DAYS = 90;
export const ACCESS_TOKEN_MINUTES = 15;
export const REFRESH_COOKIE_NAME = 'kontor_refresh';

/** Page sizes of spec §9. Pages start at 0; offset = page * limit. */
export const PAGE_SIZE = {
  catalog: 25,
  orders: 25,
  inventoryLocationTypes: 25,
  catalogCategories: 25,
  markups: 25,
  taxonomies: 25,
  procurementImageUrls: 25,
  fileUrls: 25,
  procurementCategories: 50,
  feeds: 50,
  facebookList: 50,
  inventoryLocations: 50,
  stocktaking: 100,
  catalogImages: 100,
  categoryFilterReset: 100,
  /** Lists the spec does not size (users, companies, notifications). */
  default: 25,
} as const;

/** DESIGN §3: a limit above this is capped. */
export const MAX_PAGE_SIZE = 1000;

/**
 * A list longer than this answers the planner's estimate with `count_is_estimate: true` instead
 * of an exact count (DESIGN §3: "counts must stay fast at a million rows"; ADR 0015).
 */
export const EXACT_COUNT_LIMIT = 1000;

export const LANGUAGES = ['SV', 'EN', 'NO', 'DA'] as const;
export const DEFAULT_DESCRIPTION_LANGUAGE = 'SV';
export const DEFAULT_DESCRIPTION_SOURCE = 'chatgpt';

export const ACCOUNT_ROLE_DEFAULT = 'business';
export const COMPANY_ROLES = ['Admin', 'Staff'] as const;
export const COMPANY_ROLE_DEFAULT = 'Admin';

export const SENTRY_SAMPLING = {
  tracesSampleRate: 1.0,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1.0,
} as const;

export const ONBOARDING_STEPS = 3;

export const MESSAGES = {
  // Failure mapping (spec §8)
  notFound: "The page you're looking for doesn't exist.",
  pleaseLogin: 'Please login to access this resource',
  internalServerError: 'Internal Server Error',
  unexpectedApplicationError: 'Unexpected Application Error!',
  pageNotFound: 'Oops! The page you are looking for does not exist.',
  goToHome: 'Go to Home',
  // Messages
  badCredentials: 'Bad credentials',
  invalidAccessToken: 'Invalid access token',
  unexpectedResponseStatus: 'Unexpected response status',
  unknownError: 'Unknown error occurred',
  fetchFailed: 'Something went wrong with the fetch',
  writeFailed: 'Something went wrong on create/update/delete',
  somethingWentWrong: 'Something went wrong',
  couldNotAddProducts: 'Could not add product(s). Some might already be in your catalog.',
  couldNotGetSuppliers: "Couldn't get suppliers data",
  couldNotGetImages: "Couldn't get images data",
  couldNotUploadImages: "Couldn't upload images",
  couldNotGetTaxonomies: "Couldn't get taxonomies data",
  couldNotGetMarkups: "Couldn't get catalog markups data",
  // Success messages
  productsAdded: 'Product(s) added',
  productUpdated: 'Product updated successfully',
  defaultLocationUpdated: 'Default Location updated successfully',
  transactionMoved: 'Transaction moved successfully',
  transactionAdded: 'Transaction added successfully',
  transactionUpdated: 'Transaction updated successfully',
  reserved: 'Reserved is done successfully',
  removed: 'Removed successfully',
  ordered: 'ordered is added successfully',
  /** The supplier-add snackbar shows this (§8); `addSuccessfully` is §4's store text without the period. */
  supplierAdded: 'Add successfully.',
  resourceCreated: 'A new resource was created successfully.',
  // Spec §4 store messages
  addSuccessfully: 'Add successfully',
  updateSuccessfully: 'Update successfully',
  categoryAdded: 'category added successfully',
  categoryUpdated: 'category updated successfully',
  categoryDeleted: '1 category deleted successfully',
} as const;

/** Spec §8 pick/unpick messages. */
export const pickedMessage = (qty: number | string, sku: string, name: string, orderNumber: string) =>
  `Picked ${qty}x[${sku}]${name} for order ${orderNumber}.`;
export const unpickedMessage = (sku: string, name: string, orderNumber: string) => `UnPicked [${sku}]${name} for order ${orderNumber}.`;
/** Not in the spec: a backorder's confirmation, worded like the pick messages. */
export const backorderedMessage = (qty: number | string, sku: string, name: string, orderNumber: string) =>
  `Backordered ${qty}x[${sku}]${name} for order ${orderNumber}.`;

/**
 * Not in the spec: linking an order line to its catalog product (PUT /customers/order_items/{id}/),
 * the refusals and the confirmation.
 */
export const ORDER_ITEM_MESSAGES = {
  orderClosed: (status: string) => `This order is ${status}; its items cannot be changed.`,
  picked: 'Goods were picked for this item; unpick them before changing its product.',
  backordered: 'This item is backordered; remove its backorder before changing its product.',
  linked: (sku: string, name: string) => `Linked to ${sku} ${name}.`,
} as const;

/**
 * Not in the spec: why a ledger row's stock cannot be edited on its own (the server's 400, and the
 * edit dialog's note). A move half, a pick and a purchase order receipt each match a record kept
 * elsewhere: the other half, the order line's picks, the purchase order line's received quantity.
 */
export const STOCK_FIXED_MESSAGES = {
  moveHalf: 'This transaction is one half of a stock move; only its comments can be edited. Move the stock back instead.',
  pick: 'This transaction is a pick for a customer order; only its comments can be edited. Unpick it instead.',
  receipt: 'This transaction is a receipt of a purchase order; only its comments can be edited. Book a correction as a new transaction instead.',
} as const;

/** A JSON body whose string holds a lone surrogate (DRF's ParseError wording: "JSON parse error - ..."). */
export const LONE_SURROGATE_REFUSED =
  'JSON parse error - a string holds an unpaired surrogate escape (\\ud800-\\udfff alone), which is not a Unicode character.';

/** Product types; the variable type is labelled 'Variable parent' (spec §9). */
export const PRODUCT_TYPES = [
  { value: 'simple', name: 'Simple' },
  { value: 'variable', name: 'Variable parent' },
  { value: 'variation', name: 'Variation' },
  { value: 'bundle', name: 'Bundle' },
] as const;

/**
 * Spec §9 margin percent bands. `negative` is margin < 0 (a product priced 0 with a cost is in
 * it too); the others are [from, to) on margin_percent, the top band closed at 100, and 0-9 also
 * needs margin >= 0 (a percent that rounds to 0.00 may belong to a margin just below 0).
 */
export const MARGIN_BANDS = [
  { value: 'negative', label: '<0%', from: null, to: 0 },
  { value: '0-9', label: '0-9%', from: 0, to: 10 },
  { value: '10-24', label: '10-24%', from: 10, to: 25 },
  { value: '25-49', label: '25-49%', from: 25, to: 50 },
  { value: '50-74', label: '50-74%', from: 50, to: 75 },
  { value: '75-100', label: '75-100%', from: 75, to: null },
] as const;
