/**
 * The rate calculator's and the converter's forms sent before the island hydrated (or without JavaScript): each
 * is a GET form to its own page, so the values come back in the page's query; the island, once awake, puts them
 * back in the form and answers them (docs/decisions/013).
 */
import type { ConverterFormValues } from './converter.ts';
import {
  EMPTY_RATE_FORM,
  GOODS_CHOICES,
  OTHER_GOODS,
  dimensionUnitOf,
  type RateFormValues,
} from './rate-calculator.ts';

/** The fields each form sends. */
export const TOOL_FORM_FIELDS = {
  rates: Object.keys(EMPTY_RATE_FORM) as (keyof RateFormValues)[],
  converter: ['currencyFrom', 'currencyTo', 'amount'],
} as const satisfies Record<string, readonly string[]>;

/** The fields a query must hold to be that form, sent (the rate calculator's others have defaults). */
const SENT_WITH = {
  rates: ['origin', 'destination', 'weight'],
  converter: TOOL_FORM_FIELDS.converter,
} as const satisfies Record<keyof typeof TOOL_FORM_FIELDS, readonly string[]>;

/** The `id` of each tool's form, the anchor its GET form comes back to. */
export const TOOL_FORM_IDS = {
  track: 'tool-track',
  rates: 'tool-rates',
  office: 'tool-office',
  converter: 'tool-converter',
} as const;

export type SentToolForm =
  { tool: 'rates'; values: RateFormValues } | { tool: 'converter'; values: ConverterFormValues };

/** The rate calculator or the converter as sent in `search` (a page's query), or null when neither was. */
export function sentToolForm(search: string): SentToolForm | null {
  const query = new URLSearchParams(search);
  const sent = (fields: readonly string[]) => fields.every((f) => query.has(f));
  const value = (name: string) => query.get(name) ?? '';
  if (sent(SENT_WITH.rates)) {
    const values = { ...EMPTY_RATE_FORM };
    for (const field of TOOL_FORM_FIELDS.rates) if (query.has(field)) values[field] = value(field);
    // A radio sends nothing when none is ticked, and anything else is its first choice.
    if (values.unit !== '0' && values.unit !== '1') values.unit = EMPTY_RATE_FORM.unit;
    values.dimensionUnit = dimensionUnitOf(values.dimensionUnit);
    // Goods the list doesn't name are "something else": the estimate says it took the general rate.
    if (!GOODS_CHOICES.includes(values.category)) values.category = OTHER_GOODS;
    return { tool: 'rates', values };
  }
  if (sent(SENT_WITH.converter)) {
    return {
      tool: 'converter',
      values: { currencyFrom: value('currencyFrom'), currencyTo: value('currencyTo'), amount: value('amount') },
    };
  }
  return null;
}

/** `search` without the fields of a sent tool form: what the page's address keeps once the form is answered. */
export function withoutToolForm(search: string, tool: SentToolForm['tool']): string {
  const query = new URLSearchParams(search);
  for (const field of TOOL_FORM_FIELDS[tool]) query.delete(field);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
