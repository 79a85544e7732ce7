import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import { MAX_WEIGHT } from '../../lib/api/widgets/contract.ts';
import { calculateRates } from '../../lib/api/widgets/widgets.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { COUNTRIES_WITH_ADDRESSES, countryByCode, countryOptions } from '../../lib/reference/countries.ts';
import {
  EMPTY_RATE_FORM,
  ratesToShow,
  showsTaxIncludedMessage,
  unitOf,
  validateRateForm,
  type RateCalculation,
  type RateFormValues,
  type RatesView,
} from '../../lib/widgets/rate-calculator.ts';
import { widgetFailureKey } from '../../lib/widgets/failures.ts';
import { TOOL_FORM_IDS } from '../../lib/widgets/tool-forms.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { formatPercent } from '../../lib/widgets/format.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { TextField } from '../ui/TextField.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { setValues, useKeptValues } from '../ui/use-kept-values.ts';
import { checkedResolver } from './checked-resolver.ts';
import { useToolRequest } from './use-tool-request.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  /** The logged-in customer (their plan decides which prices show), or null. */
  user: CurrentUser | null;
  /** The form as it was sent before the island woke (the page's query): shown again and answered. */
  sent: RateFormValues | null;
}

type Outcome = { kind: 'rates'; view: RatesView; taxIncluded: boolean } | { kind: 'failure'; key: string };

const resolver = checkedResolver(validateRateForm);
const UNITS = ['0', '1'] as const;

/**
 * Rate calculator (spec 2 §4, §9): route, weight and unit give the transit time and the prices the customer's plan
 * makes relevant. Any change to the form clears the answer; a calculation in progress blocks another. Until the
 * island wakes it is a GET form to its own page: the values come back in the query and are answered then.
 */
export function RateCalculator({ t, lang, user, sent }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const origins = useMemo(() => countryOptions(lang).filter((o) => COUNTRIES_WITH_ADDRESSES.includes(o.value)), [lang]);
  const destinations = useMemo(() => countryOptions(lang), [lang]);
  const form = useForm<RateFormValues, unknown, RateCalculation>({ resolver, defaultValues: EMPTY_RATE_FORM });
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  useKeptValues(TOOL_FORM_IDS.rates, form);
  const unit = unitOf(useWatch({ control, name: 'unit' }));
  const { outcome, busy, clear, run } = useToolRequest<Outcome>();

  // A logged-in customer usually ships home: start from their country when nothing is chosen yet.
  const home = user?.countryCode;
  useEffect(() => {
    if (home && countryByCode(home) && getValues('destination') === '') setValue('destination', home);
  }, [home, getValues, setValue]);

  const calculate = (form: RateCalculation) =>
    run(
      async (): Promise<Outcome> => {
        const view = ratesToShow(await calculateRates(form), user?.membershipPlan?.id);
        return view.rows.length > 0
          ? { kind: 'rates', view, taxIncluded: showsTaxIncludedMessage(form.destination) }
          : { kind: 'failure', key: 'widgets.rates.noRates' };
      },
      (error) => {
        const noRates = error instanceof ApiError && error.status === 404;
        return { kind: 'failure', key: noRates ? 'widgets.rates.noRates' : widgetFailureKey(error) };
      },
    );

  // Sent before the island woke: the same form, answered now. Only `sent` starts it (the calculation reads the
  // session this render has).
  useEffect(() => {
    if (!sent) return;
    setValues(setValue, sent);
    void handleSubmit(calculate)();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent]);

  const hintId = `${id}-weight-hint`;
  return (
    <form
      id={TOOL_FORM_IDS.rates}
      className="tool-form"
      method="get"
      action={`#${TOOL_FORM_IDS.rates}`}
      onSubmit={(event) => void handleSubmit(calculate)(event)}
      onChange={clear}
      noValidate={hydrated}
    >
      <div className="tool-row">
        <SelectField
          t={t}
          label={t('widgets.rates.origin')}
          placeholder={t('widgets.rates.chooseCountry')}
          required
          options={origins}
          registration={register('origin')}
          error={errors.origin?.message}
        />
        <SelectField
          t={t}
          label={t('widgets.rates.destination')}
          placeholder={t('widgets.rates.chooseCountry')}
          required
          options={destinations}
          registration={register('destination')}
          error={errors.destination?.message}
        />
      </div>
      <div className="tool-row">
        <div className="tool-weight">
          <TextField
            t={t}
            label={t('widgets.rates.weight')}
            inputMode="decimal"
            autoComplete="off"
            required
            hintId={hintId}
            registration={register('weight')}
            error={errors.weight?.message}
          />
          <p id={hintId} className="field-hint">
            {t('widgets.rates.weightHint', { max: MAX_WEIGHT[unit], unit: t(`widgets.rates.unitShort.${unit}`) })}
          </p>
        </div>
        <fieldset className="field">
          <legend>{t('widgets.rates.unit')}</legend>
          <div className="tool-choices">
            {UNITS.map((value) => (
              <label key={value} className="inline-choice">
                {/* Checked in the server's markup too, before the form script takes over. */}
                <input
                  type="radio"
                  value={value}
                  defaultChecked={value === EMPTY_RATE_FORM.unit}
                  {...register('unit')}
                />
                {t(`widgets.rates.unitName.${value}`)}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <SubmitButton busy={busy} label={t('widgets.rates.submit')} busyLabel={t('widgets.rates.submitting')} />
      <div className="tool-result" aria-live="polite">
        {outcome?.kind === 'rates' && <Rates t={t} lang={lang} view={outcome.view} taxIncluded={outcome.taxIncluded} />}
      </div>
      {outcome?.kind === 'failure' && (
        <FormAlert tone={outcome.key === 'widgets.rates.noRates' ? 'warning' : 'danger'}>
          <p>{t(outcome.key)}</p>
        </FormAlert>
      )}
    </form>
  );
}

function Rates({ t, lang, view, taxIncluded }: { t: TFunction; lang: Lang; view: RatesView; taxIncluded: boolean }) {
  return (
    <>
      <dl className="rate-list">
        <div>
          <dt>{t('widgets.rates.transit')}</dt>
          <dd>{t('widgets.rates.transitDays', { days: view.transitDays })}</dd>
        </div>
        {view.rows.map((row) => (
          <div key={row.planId} data-plan={row.planId}>
            <dt>
              {t(`plan.name.${row.planId}`)}
              {row.current && <span className="muted"> {t('widgets.rates.yourPlan')}</span>}
            </dt>
            <dd>{formatMoney(row.value, row.currency, lang)}</dd>
          </div>
        ))}
      </dl>
      {view.savingPercent !== null && (
        <p className="rate-saving">{t('widgets.rates.saving', { percent: formatPercent(view.savingPercent, lang) })}</p>
      )}
      {taxIncluded && <p className="rate-note">{t('widgets.rates.taxIncluded')}</p>}
    </>
  );
}
