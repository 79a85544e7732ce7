import { useCallback, useRef, useState } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import type { CurrencyOption } from '../../lib/api/widgets/contract.ts';
import { getCurrencies } from '../../lib/api/widgets/widgets.ts';

export type CurrenciesState =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; options: CurrencyOption[] };

/**
 * The converter's currencies, loaded when first needed (`ensure`, idempotent) rather than with the page: most
 * visitors never open the converter. A failure leaves the list not loaded until `retry` (spec 2 §8).
 */
export function useCurrencies(lang: Lang) {
  const [state, setState] = useState<CurrenciesState>({ status: 'idle' });
  const started = useRef(false);

  const retry = useCallback(() => {
    started.current = true;
    setState({ status: 'loading' });
    getCurrencies(lang)
      .then((options) => setState({ status: 'ready', options }))
      .catch(() => setState({ status: 'failed' }));
  }, [lang]);

  const ensure = useCallback(() => {
    if (!started.current) retry();
  }, [retry]);

  return { state, ensure, retry };
}
