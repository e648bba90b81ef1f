/**
 * Stock quantities are NUMERIC(14,2) in the database. In JavaScript they are handled as whole
 * hundredths (integers), so adding and comparing them is exact: 999 999 999 999.99 is far
 * inside Number's safe integer range.
 */
export function toCents(value: string | number): number {
  const text = typeof value === 'number' ? value.toFixed(2) : value.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const cents = Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2));
  return negative ? -cents : cents;
}

/** Back to NUMERIC text with two decimals, for the database. */
export function fromCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** How a quantity reads in a message: 5 rather than 5.00, 2.5 rather than 2.50. */
export const displayQuantity = (cents: number): string => String(cents / 100);
