const sek = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'SEK', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const amount = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 4 });

/** cost_sek as money ('' when the feed gave no cost). */
export const formatSek = (value: number | null) => (value === null ? '' : sek.format(value));

/** The supplier's own price, e.g. '12.50 EUR'; nothing when it is already in SEK (the main figure says it). */
export const formatOriginalCost = (cost: number | null, currency: string | null) =>
  cost === null || !currency || currency === 'SEK' ? '' : `${amount.format(cost)} ${currency}`;
