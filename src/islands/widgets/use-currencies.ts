import { useCallback } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { refetch } from '../../lib/api/query.ts';
import { getCurrencies, type CurrencyOption } from '../../lib/api/widgets/contract.ts';
import { $currencies, showCurrencies } from '../../lib/widgets/queries.ts';
import { useHydratedStore } from '../ui/use-hydrated-store.ts';

export type CurrenciesState =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; options: CurrencyOption[] };

/** Nothing asked yet: what the server renders, and the browser until the converter opens. */
const NOT_ASKED: ReturnType<typeof $currencies.get> = { loading: false };

/**
 * The converter's currencies, loaded when first needed (`ensure`, idempotent) rather than with the page: most
 * visitors never open the converter. A failure leaves the list not loaded until `retry` (spec 2 §8).
 */
export function useCurrencies(lang: Lang) {
  const { data, error, loading } = useHydratedStore($currencies, NOT_ASKED);
  const state: CurrenciesState = data
    ? { status: 'ready', options: data }
    : { status: error ? 'failed' : loading ? 'loading' : 'idle' };
  const ensure = useCallback(() => showCurrencies(lang), [lang]);
  const retry = useCallback(() => {
    showCurrencies(lang);
    refetch(getCurrencies);
  }, [lang]);
  return { state, ensure, retry };
}
