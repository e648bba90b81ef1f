import { z } from 'zod';

/** GET /catalog/stock-value-by-location/ takes no parameters; any other key is a 400. */
export const StockValueByLocationQuery = z.strictObject({});
export type StockValueByLocationQuery = z.infer<typeof StockValueByLocationQuery>;

/**
 * The overview's stock value per location: the quantity held there and its value at cost,
 * sum(level quantity x procurement_cost excl. VAT); a product without a cost adds no value.
 */
export const StockValueByLocation = z.object({
  location_id: z.number().int(),
  abbreviation_slug: z.string(),
  name: z.string(),
  quantity: z.number(),
  value: z.number(),
});
export type StockValueByLocation = z.infer<typeof StockValueByLocation>;

/** Every location of the company that is not obsolete, highest value first. */
export const StockValueByLocationResponse = z.object({ results: z.array(StockValueByLocation) });
export type StockValueByLocationResponse = z.infer<typeof StockValueByLocationResponse>;
