const money = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'SEK', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeMoney = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'SEK', minimumFractionDigits: 0, maximumFractionDigits: 0 });
const amount = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const wholeAmount = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });
const quantity = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const centimetres = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const kilograms = new Intl.NumberFormat(undefined, { maximumFractionDigits: 3 });
const percent = new Intl.NumberFormat(undefined, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

const EMPTY = '—';

/** Costs and margins keep their öre. */
export const formatMoney = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY : money.format(value));

/** Spec §5: prices and sale prices are displayed rounded to whole numbers. */
export const formatPrice = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY : wholeMoney.format(Math.round(value)));

/** Amounts in the small tables of the prices view, whose heading names the currency. */
export const formatAmount = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY : amount.format(value));
export const formatWholeAmount = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY : wholeAmount.format(Math.round(value)));

export const formatQuantity = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY : quantity.format(value));

/** Spec §5/§9: dimensions are stored in mm and shown in cm (mm / 10). */
export const formatCm = (mm: number | null | undefined) => (mm === null || mm === undefined ? EMPTY : `${centimetres.format(mm / 10)} cm`);

export const formatKg = (kg: number | null | undefined) => (kg === null || kg === undefined ? EMPTY : `${kilograms.format(kg)} kg`);

export const formatPercent = (value: number | null | undefined) => (value === null || value === undefined ? EMPTY : `${percent.format(value)} %`);

/** Descriptions are stored as HTML; the grid shows their text. */
export const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
