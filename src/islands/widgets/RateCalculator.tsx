import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import type { CurrentUser } from '../../lib/session/current-user.ts';
import { MAX_WEIGHT, type CurrencyOption } from '../../lib/api/widgets/contract.ts';
import type { LandedCost } from '../../lib/api/landed-cost/contract.ts';
import { calculateRates } from '../../lib/api/widgets/widgets.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { DIMENSION_UNITS, MAX_SIDE, SIDES } from '../../lib/landed-cost/parcel-limits.ts';
import { COUNTRIES_WITH_ADDRESSES, countryByCode, countryOptions } from '../../lib/reference/countries.ts';
import {
  EMPTY_RATE_FORM,
  GOODS_CHOICES,
  OTHER_GOODS,
  dimensionUnitOf,
  landedCostQueryOf,
  rateQueryOf,
  ratesToShow,
  showsTaxIncludedMessage,
  unitNameOf,
  unitOf,
  unitValueOf,
  validateRateForm,
  type RateCalculation,
  type RateFormValues,
  type RatesView,
} from '../../lib/widgets/rate-calculator.ts';
import type { WeightUnitName } from '../../lib/weight/weight-unit.ts';
import { formatWeight } from '../../lib/weight/format-weight.ts';
import { widgetFailureKey } from '../../lib/widgets/failures.ts';
import { TOOL_FORM_IDS } from '../../lib/widgets/tool-forms.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { formatPercent, isolate } from '../../lib/widgets/format.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { TextField } from '../ui/TextField.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { setValues, useKeptValues } from '../ui/use-kept-values.ts';
import { checkedResolver } from './checked-resolver.ts';
import { useToolRequest } from './use-tool-request.ts';

// The breakdown, its catalogue part and the estimate's contract load when a calculation is first sent: pages with
// the tool box carry none of them before the visitor uses it.
const LandedCostResult = lazy(() => import('./LandedCostResult.tsx'));
const landedCostContract = () => import('../../lib/api/landed-cost/contract.ts');

/** What the parcel costs to land; null where the estimate doesn't cover the route (its 404). */
async function estimate(form: RateCalculation): Promise<LandedCost | null> {
  const { getLandedCost } = await landedCostContract();
  try {
    return await call(getLandedCost, { query: landedCostQueryOf(form) });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

interface Props {
  t: TFunction;
  lang: Lang;
  /** The logged-in customer (their plan decides which prices show), or null. */
  user: CurrentUser | null;
  /** The form as it was sent before the island woke (the page's query): shown again and answered. */
  sent: RateFormValues | null;
  /** The currencies a value may be declared in (those with a published rate), named in `lang`. */
  valueCurrencies: readonly CurrencyOption[];
}

type Outcome =
  | {
      kind: 'rates';
      view: RatesView;
      taxIncluded: boolean;
      /** The weight the plans priced, in kilograms, when the parcel's size made it more than its actual weight. */
      volumetricKg: number | null;
      unit: WeightUnitName;
      /** Null for a destination whose duty and taxes the estimate doesn't know yet. */
      landedCost: LandedCost | null;
    }
  | { kind: 'failure'; key: string };

const UNITS = ['0', '1'] as const;

/**
 * Rate calculator (spec 2 §4, §9), a landed-cost calculator since issue 24: route, weight and unit, the parcel's
 * sides if known, the goods' value and category give the transit time, the prices the customer's plan makes
 * relevant (on the chargeable weight) and what the parcel costs to land, line by line. Any change to the form
 * clears the answer; a calculation in progress blocks another. Until the island wakes it is a GET form to its own
 * page: the values come back in the query and are answered then.
 */
export function RateCalculator({ t, lang, user, sent, valueCurrencies }: Props) {
  const id = useId();
  const hydrated = useHydrated();
  const origins = useMemo(() => countryOptions(lang).filter((o) => COUNTRIES_WITH_ADDRESSES.includes(o.value)), [lang]);
  const destinations = useMemo(() => countryOptions(lang), [lang]);
  const currencies = useMemo(
    () => valueCurrencies.map((c) => ({ value: c.currencyCode, label: `${c.currencyCode} – ${c.currencyName}` })),
    [valueCurrencies],
  );
  const goods = useMemo(
    () =>
      GOODS_CHOICES.map((choice) => ({
        value: choice,
        label: choice === OTHER_GOODS ? t('widgets.rates.otherGoods') : t(`landedCost.goods.${choice}`),
      })),
    [t],
  );
  const resolver = useMemo(
    () =>
      checkedResolver((values: RateFormValues) =>
        validateRateForm(
          values,
          valueCurrencies.map((c) => c.currencyCode),
        ),
      ),
    [valueCurrencies],
  );
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
  const dimensionUnit = dimensionUnitOf(useWatch({ control, name: 'dimensionUnit' }));
  const { outcome, busy, clear, run } = useToolRequest<Outcome>();

  // A logged-in customer usually ships home: start from their country when nothing is chosen yet.
  const home = user?.countryCode;
  useEffect(() => {
    if (home && countryByCode(home) && getValues('destination') === '') setValue('destination', home);
  }, [home, getValues, setValue]);

  // And weighs in their own unit: the profile's, until they have typed a weight.
  const ownUnit = user?.weightUnit;
  useEffect(() => {
    if (ownUnit && !sent && getValues('weight') === '') setValue('unit', unitValueOf(ownUnit));
  }, [ownUnit, sent, getValues, setValue]);

  const calculate = (form: RateCalculation) =>
    run(
      async (): Promise<Outcome> => {
        const priced = rateQueryOf(form);
        const [rates, landedCost] = await Promise.all([calculateRates(priced.query), estimate(form)]);
        const view = ratesToShow(rates, user?.membershipPlan?.id);
        if (view.rows.length === 0) return { kind: 'failure', key: 'widgets.rates.noRates' };
        return {
          kind: 'rates',
          view,
          taxIncluded: showsTaxIncludedMessage(form.destination),
          volumetricKg: priced.volumetricKg,
          unit: unitNameOf(form.unit),
          landedCost,
        };
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
  const sidesHintId = `${id}-sides-hint`;
  const valueHintId = `${id}-value-hint`;
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
      <fieldset className="field tool-sides" aria-describedby={sidesHintId}>
        <legend>{t('widgets.rates.sides')}</legend>
        <p id={sidesHintId} className="field-hint">
          {t('widgets.rates.sidesHint', {
            max: MAX_SIDE[dimensionUnit],
            unit: t(`widgets.rates.sideUnitShort.${dimensionUnit}`),
          })}
        </p>
        <div className="tool-row tool-row-sides">
          {SIDES.map((side) => (
            <TextField
              key={side}
              t={t}
              label={t(`widgets.rates.${side}`)}
              inputMode="decimal"
              autoComplete="off"
              registration={register(side)}
              error={errors[side]?.message}
            />
          ))}
        </div>
        <div className="tool-choices" role="radiogroup" aria-label={t('widgets.rates.sideUnit')}>
          {DIMENSION_UNITS.map((value) => (
            <label key={value} className="inline-choice">
              <input
                type="radio"
                value={value}
                defaultChecked={value === EMPTY_RATE_FORM.dimensionUnit}
                {...register('dimensionUnit')}
              />
              {t(`widgets.rates.sideUnitName.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="tool-row">
        <TextField
          t={t}
          label={t('widgets.rates.value')}
          inputMode="decimal"
          autoComplete="off"
          required
          hintId={valueHintId}
          registration={register('value')}
          error={errors.value?.message}
        />
        <SelectField
          t={t}
          label={t('widgets.rates.valueCurrency')}
          required
          options={currencies}
          // Chosen in the page as sent, so the form before the island wakes declares US dollars too.
          defaultValue={EMPTY_RATE_FORM.valueCurrency}
          registration={register('valueCurrency')}
          error={errors.valueCurrency?.message}
        />
      </div>
      <p id={valueHintId} className="field-hint">
        {t('widgets.rates.valueHint')}
      </p>
      <SelectField
        t={t}
        label={t('widgets.rates.category')}
        required
        options={goods}
        registration={register('category')}
        error={errors.category?.message}
      />
      <SubmitButton busy={busy} label={t('widgets.rates.submit')} busyLabel={t('widgets.rates.submitting')} />
      <div className="tool-result" aria-live="polite">
        {outcome?.kind === 'rates' && (
          <>
            <Rates t={t} lang={lang} view={outcome.view} taxIncluded={outcome.taxIncluded} />
            {outcome.volumetricKg !== null && (
              <p className="rate-note">
                {t('widgets.rates.volumetric', {
                  weight: isolate(formatWeight(outcome.volumetricKg, outcome.unit, lang)),
                })}
              </p>
            )}
            {outcome.landedCost ? (
              <Suspense fallback={<p>{t('common.loading')}</p>}>
                <LandedCostResult lang={lang} estimate={outcome.landedCost} unit={outcome.unit} />
              </Suspense>
            ) : (
              <p className="rate-note">{t('widgets.rates.noLandedCost')}</p>
            )}
          </>
        )}
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
