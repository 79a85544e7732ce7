/**
 * The rate calculator's and the converter's forms sent before the island hydrated (or without JavaScript): each
 * is a GET form to its own page, so the values come back in the page's query; the island, once awake, puts them
 * back in the form and answers them (docs/decisions/013).
 */
import type { ConverterFormValues } from './converter.ts';
import { EMPTY_RATE_FORM, type RateFormValues } from './rate-calculator.ts';

/** The fields each form sends; a query holding all of a form's fields is that form, sent. */
export const TOOL_FORM_FIELDS = {
  rates: ['origin', 'destination', 'weight', 'unit'],
  converter: ['currencyFrom', 'currencyTo', 'amount'],
} as const satisfies Record<string, readonly string[]>;

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
  const sent = (fields: readonly string[]) => fields.filter((f) => f !== 'unit').every((f) => query.has(f));
  const value = (name: string) => query.get(name) ?? '';
  if (sent(TOOL_FORM_FIELDS.rates)) {
    const unit = value('unit');
    return {
      tool: 'rates',
      values: {
        origin: value('origin'),
        destination: value('destination'),
        weight: value('weight'),
        // A radio sends nothing when none is ticked.
        unit: unit === '0' || unit === '1' ? unit : EMPTY_RATE_FORM.unit,
      },
    };
  }
  if (sent(TOOL_FORM_FIELDS.converter)) {
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
