/**
 * The landed-cost estimate (issue 24): rules in ./rules.ts, words in ./codes.ts, figures in
 * src/content/data/landed-cost.json (schema: src/lib/reference/landed-cost-schema.ts).
 *
 * Goods categories: general, electronics, fashion, beauty, home, kids, sports, books, auto, health (a shop's
 * category maps to its namesake; `marketplace` → general; an unknown one takes general's rates, `unknown: true`).
 * Line codes: freight; duty; vat | gst | salesTax (the destination's tax; none in KW, QA, IQ); handling, clearance
 * (the service's own fees; clearance only when duty or tax is due).
 * Rule kinds: perWeight (freight), rate, deMinimis, exempt (with exemption: category | customsUnion | domestic),
 * flat (fees). Bases: CIF, FOB, CIF+duty, FOB+duty (with upliftPercent: South Africa's VAT).
 */
export * from './codes.ts';
export * from './rules.ts';
