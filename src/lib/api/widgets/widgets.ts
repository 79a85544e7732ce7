/**
 * The tool box's calls that need more than `call()`: the converter reads its result from a header, and the rate
 * calculation answers one shape of GET api/countryRates. The currencies are asked with `call(getCurrencies)`.
 */
import { z } from '../../zod.ts';
import { call, callWithHeaders } from '../call.ts';
import { ApiError } from '../errors.ts';
import {
  CONVERT_RESULT_HEADER,
  convertCurrency as convertCall,
  convertResultSchema,
  getCountryRates,
  type RateQuery,
  type RateResult,
} from './contract.ts';

const badAnswer = (message: string) => new ApiError(502, { code: 'BAD_RESPONSE', message });

/** The converted amount from the `x-result` header; an answer without a number in it breaks the contract. */
export function parseConvertResult(header: string | null): number {
  const parsed = z.safeParse(convertResultSchema, header);
  if (!parsed.success) throw badAnswer(`${CONVERT_RESULT_HEADER}: ${String(header)}`);
  return parsed.data;
}

/**
 * The amount in the other currency, read from the `x-result` header (spec 2 §7); -1 when the pair has no rate
 * (see conversionOutcome in src/lib/widgets/converter.ts).
 */
export async function convertCurrency(query: {
  currencyFrom: string;
  currencyTo: string;
  amount: number;
}): Promise<number> {
  const { headers } = await callWithHeaders(convertCall, { query });
  return parseConvertResult(headers.get(CONVERT_RESULT_HEADER));
}

/** Transit days and the price per plan of a parcel; 404 when the route has no rates. */
export async function calculateRates(query: RateQuery): Promise<RateResult> {
  const answer = await call(getCountryRates, { query });
  // Asked with a calculation's parameters, the call answers a calculation, never the list of every rate.
  if (Array.isArray(answer)) throw badAnswer('countryRates: a list where a calculation was asked');
  return answer;
}
