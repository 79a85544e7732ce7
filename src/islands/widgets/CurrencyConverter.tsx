import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { CurrencyOption } from '../../lib/api/widgets/contract.ts';
import { convertCurrency } from '../../lib/api/widgets/widgets.ts';
import {
  conversionOutcome,
  defaultPair,
  validateConversion,
  type Conversion,
  type ConverterFormValues,
} from '../../lib/widgets/converter.ts';
import { widgetFailureKey } from '../../lib/widgets/failures.ts';
import { formatAmount } from '../../lib/widgets/format.ts';
import { TOOL_FORM_IDS } from '../../lib/widgets/tool-forms.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { TextField } from '../ui/TextField.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { setValues, useKeptValues } from '../ui/use-kept-values.ts';
import { checkedResolver } from './checked-resolver.ts';
import { useToolRequest } from './use-tool-request.ts';
import type { CurrenciesState } from './use-currencies.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  currencies: CurrenciesState;
  /** The currencies as the site was built with them: the form's lists until the API's come. */
  builtCurrencies: CurrencyOption[];
  onRetry: () => void;
  /** The form as it was sent before the island woke (the page's query): shown again and answered. */
  sent: ConverterFormValues | null;
}

/**
 * Currency converter (spec 2 §4, §5, §8): the form, with the currency list the API gives once the converter opens
 * (the one the site was built with until then, so the form is there before the island wakes). A list that fails
 * to load marks the converter not loaded, with a retry.
 */
export function CurrencyConverter({ t, lang, currencies, builtCurrencies, onRetry, sent }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const status = currencies.status === 'failed' ? t('widgets.converter.loadFailed') : '';
  const retry = () => {
    onRetry();
    // The retry button goes away: keep the keyboard here, next to the status line.
    box.current?.focus();
  };
  return (
    <div
      ref={box}
      tabIndex={-1}
      className="converter"
      data-loaded={currencies.status === 'ready' ? 'true' : currencies.status === 'failed' ? 'false' : undefined}
    >
      <p role="status" className={status ? 'help-status' : 'visually-hidden'}>
        {status}
      </p>
      {currencies.status === 'failed' && (
        <button type="button" className="button button-small button-secondary" onClick={retry}>
          {t('widgets.retry')}
        </button>
      )}
      <ConverterForm
        t={t}
        lang={lang}
        options={currencies.status === 'ready' ? currencies.options : builtCurrencies}
        sent={sent}
      />
    </div>
  );
}

const resolver = checkedResolver(validateConversion);

type Outcome = { kind: 'result'; text: string } | { kind: 'failure'; key: string };

interface FormProps {
  t: TFunction;
  lang: Lang;
  options: CurrencyOption[];
  sent: ConverterFormValues | null;
}

function ConverterForm({ t, lang, options, sent }: FormProps) {
  const hydrated = useHydrated();
  const form = useForm<ConverterFormValues, unknown, Conversion>({
    resolver,
    defaultValues: { ...defaultPair(lang, options), amount: '' },
  });
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors, defaultValues },
  } = form;
  useKeptValues(TOOL_FORM_IDS.converter, form);
  const { outcome, busy, clear, run } = useToolRequest<Outcome>();
  const choices = options.map((o) => ({ value: o.currencyCode, label: `${o.currencyName} (${o.currencyCode})` }));

  const swap = () => {
    const { currencyFrom, currencyTo } = getValues();
    setValue('currencyFrom', currencyTo);
    setValue('currencyTo', currencyFrom);
    clear();
  };

  const convert = (form: Conversion) =>
    run(
      async (): Promise<Outcome> => {
        const outcome = conversionOutcome(await convertCurrency(form));
        return outcome.ok
          ? {
              kind: 'result',
              text: t('widgets.converter.result', {
                amount: formatAmount(form.amount, lang),
                from: form.currencyFrom,
                result: formatAmount(outcome.value, lang),
                to: form.currencyTo,
              }),
            }
          : { kind: 'failure', key: outcome.key };
      },
      (error) => ({ kind: 'failure', key: widgetFailureKey(error) }),
    );

  // Sent before the island woke: the same form, answered now.
  useEffect(() => {
    if (!sent) return;
    setValues(setValue, sent);
    void handleSubmit(convert)();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent]);

  return (
    <form
      id={TOOL_FORM_IDS.converter}
      className="tool-form"
      method="get"
      action={`#${TOOL_FORM_IDS.converter}`}
      onSubmit={(event) => void handleSubmit(convert)(event)}
      onChange={clear}
      noValidate={hydrated}
    >
      <div className="tool-row converter-pair">
        <SelectField
          t={t}
          label={t('widgets.converter.from')}
          placeholder={t('widgets.converter.chooseCurrency')}
          required
          // In the server's markup too, so the default pair shows before the island wakes.
          defaultValue={defaultValues?.currencyFrom}
          options={choices}
          registration={register('currencyFrom')}
          error={errors.currencyFrom?.message}
        />
        <button type="button" className="button button-small button-secondary converter-swap" onClick={swap}>
          {t('widgets.converter.swap')}
        </button>
        <SelectField
          t={t}
          label={t('widgets.converter.to')}
          placeholder={t('widgets.converter.chooseCurrency')}
          required
          defaultValue={defaultValues?.currencyTo}
          options={choices}
          registration={register('currencyTo')}
          error={errors.currencyTo?.message}
        />
      </div>
      <TextField
        t={t}
        label={t('widgets.converter.amount')}
        inputMode="decimal"
        autoComplete="off"
        required
        registration={register('amount')}
        error={errors.amount?.message}
      />
      <SubmitButton busy={busy} label={t('widgets.converter.submit')} busyLabel={t('widgets.converter.submitting')} />
      <p className="tool-result converter-result" aria-live="polite">
        {outcome?.kind === 'result' ? outcome.text : ''}
      </p>
      {outcome?.kind === 'failure' && (
        <FormAlert tone={outcome.key === 'validation.unavailableCurrency' ? 'warning' : 'danger'}>
          <p>{t(outcome.key)}</p>
        </FormAlert>
      )}
    </form>
  );
}
