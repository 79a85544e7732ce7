import { z } from '../../zod.ts';
import { http } from '../http.ts';
import { call } from '../call.ts';
import { ApiError } from '../errors.ts';
import type { Lang } from '../../../i18n/languages.ts';
import {
  CONVERT_RESULT_HEADER,
  convertQuerySchema,
  currencyOptionsSchema,
  rateQuerySchema,
  rateResultSchema,
  type ConvertQuery,
  type CurrencyOption,
  type RateQuery,
  type RateResult,
} from './contract.ts';

/** GET api/currencies: the converter's currencies, named in the language. */
export function getCurrencies(lang: Lang): Promise<CurrencyOption[]> {
  return call(currencyOptionsSchema, () => http.get('currencies', { searchParams: { language: lang } }));
}

const resultHeaderSchema = z.pipe(z.string().check(z.trim(), z.regex(/^-?\d+(?:\.\d+)?$/)), z.transform(Number));

/** The converted amount from the `x-result` header; an answer without a number in it breaks the contract. */
export function parseConvertResult(header: string | null): number {
  const parsed = resultHeaderSchema.safeParse(header);
  if (!parsed.success) {
    throw new ApiError(502, { code: 'BAD_RESPONSE', message: `${CONVERT_RESULT_HEADER}: ${String(header)}` });
  }
  return parsed.data;
}

/**
 * GET api/currencies/convert: the amount in the other currency, read from the `x-result` header; -1 when the
 * pair has no rate (see conversionOutcome in src/lib/widgets/converter.ts).
 */
export async function convertCurrency(query: ConvertQuery): Promise<number> {
  const q = convertQuerySchema.parse(query);
  let header: string | null = null;
  await call(z.unknown(), async () => {
    const response = await http.get('currencies/convert', {
      searchParams: { currencyFrom: q.currencyFrom, currencyTo: q.currencyTo, amount: q.amount },
    });
    header = response.headers.get(CONVERT_RESULT_HEADER);
    return response;
  });
  return parseConvertResult(header);
}

/** GET api/countryRates with a route and a weight: transit days and the price per plan; 404 when no rates. */
export function calculateRates(query: RateQuery): Promise<RateResult> {
  const q = rateQuerySchema.parse(query);
  return call(rateResultSchema, () =>
    http.get('countryRates', {
      searchParams: { origin: q.origin, destination: q.destination, weight: q.weight, unit: q.unit },
    }),
  );
}
