/**
 * A NUMERIC column's value as a JSON number, null kept. The drivers hand NUMERIC over as exact
 * text (so sums and prices are never rounded through floats in SQL), and the contract answers
 * numbers.
 */
export const numericOrNull = (value: string | null) => (value === null ? null : Number(value));
