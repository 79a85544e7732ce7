/**
 * The words a landed-cost estimate is made of (issue 24), shared by the data file's schema, the rules, the server
 * and the pages. Small on purpose: islands may import it.
 *
 * Goods categories (`category` of the call; catalogue `landedCost.goods.<id>`):
 *   general, electronics, fashion, beauty, home, kids, sports, books, auto, health.
 * A shop's category (shops.json) maps to one of them: each its namesake, `marketplace` (mixed goods) → general.
 *
 * Line codes (`code` of a line; catalogue `landedCost.line.<code>`):
 *   kind freight → `freight`; kind duty → `duty`; kind tax → `vat`, `gst` or `salesTax` (the destination's own);
 *   kind fee → `handling` (every parcel) and `clearance` (only when duty or tax is due). A destination with no tax
 *   on imports (Kuwait, Qatar, Iraq) has no tax line.
 *
 * Rule kinds: rate, deMinimis, exempt, flat, perWeight (src/lib/api/landed-cost/contract.ts). An `exempt` rule
 * says why in `exemption`: `category` (the goods category is exempt), `customsUnion` (both countries are in one
 * customs union: GCC to GCC pays no duty again) or `domestic` (origin and destination are the same country).
 * Bases: CIF, FOB, CIF+duty, FOB+duty; a basis may carry `upliftPercent` (South Africa's VAT is on the value plus
 * 10%, plus the duty).
 */

export const GOODS_CATEGORIES = [
  'general',
  'electronics',
  'fashion',
  'beauty',
  'home',
  'kids',
  'sports',
  'books',
  'auto',
  'health',
] as const;
export type GoodsCategory = (typeof GOODS_CATEGORIES)[number];

/** The category whose rates apply when none is given, or an unknown one. */
export const GENERAL_CATEGORY = 'general' satisfies GoodsCategory;

/** The goods category of each shop category of the shopping directory (shops.json). */
export const SHOP_GOODS_CATEGORY = {
  marketplace: 'general',
  electronics: 'electronics',
  fashion: 'fashion',
  beauty: 'beauty',
  home: 'home',
  kids: 'kids',
  sports: 'sports',
  books: 'books',
  auto: 'auto',
  health: 'health',
} as const satisfies Record<string, GoodsCategory>;

/** The names of a destination's tax on imports. */
export const TAX_CODES = ['vat', 'gst', 'salesTax'] as const;
export type TaxCode = (typeof TAX_CODES)[number];

/** The service's own fees. */
export const FEE_CODES = ['handling', 'clearance'] as const;
export type FeeCode = (typeof FEE_CODES)[number];

/** Why nothing is due on a line ruled `exempt`. */
export const EXEMPTIONS = ['category', 'customsUnion', 'domestic'] as const;
export type Exemption = (typeof EXEMPTIONS)[number];

export const isGoodsCategory = (value: string): value is GoodsCategory =>
  (GOODS_CATEGORIES as readonly string[]).includes(value);
