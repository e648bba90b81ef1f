const quantityFormat = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** Quantities show with up to 2 decimals (spec §5 step 0.01). */
export const formatQuantity = (value: number) => quantityFormat.format(value);

/** The order's total in its own currency; a code Intl does not know still shows, after the amount. */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`.trim();
  }
}

/** WooCommerce's shipping address fields, in the order a label prints them. */
const ADDRESS_LINES = [['first_name', 'last_name'], ['company'], ['address_1'], ['address_2'], ['postcode', 'city'], ['state', 'country']] as const;

export function addressLines(address: Record<string, unknown>): string[] {
  return ADDRESS_LINES.map((keys) =>
    keys
      .map((key) => address[key])
      .filter((value): value is string => typeof value === 'string' && value.trim() !== '')
      .join(' '),
  ).filter((line) => line !== '');
}
