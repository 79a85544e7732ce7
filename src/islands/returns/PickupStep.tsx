/**
 * Step 3 of the return (spec 1 §5 "Pickup"; spec 2 §9): the pickup date (today to 7 days ahead; later days are
 * disabled in the calendar and refused when typed), the ready time (default: the next hour rounded up to 10
 * minutes) and the latest time (default one hour later, never before the ready time), the content, the declared
 * amount (at most the low value limit, 1 decimal) and the weight (2 decimals). Calculate checks the pickup window,
 * the amount and the weight first, and shows the price only for a valid pickup; Submit
 * sends the return: success goes to the shipment's tracking page with notifications.shipmentReturnAccepted,
 * failure shows errors.shipmentReturnFailed and keeps everything entered.
 */
import { useCallback, useMemo, useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { ApiError } from '../../lib/api/errors.ts';
import {
  ReturnErrorCode,
  calculateReturn,
  submitReturn,
  type ReturnPrice,
  type ReturnShipment,
} from '../../lib/api/returns/contract.ts';
import { call } from '../../lib/api/call.ts';
import {
  clearDraft,
  completeStep,
  updateDraft,
  type PickupForm,
  type ReturnDraft,
  type ReturnStep,
} from '../../lib/returns/return-draft.ts';
import { pickupFormSchema } from '../../lib/returns/return-forms.ts';
import { submitFailure, type SubmitFailure } from '../../lib/returns/return-errors.ts';
import {
  defaultLatestTime,
  defaultPickupTimes,
  formatReturnAmount,
  formatReturnWeight,
  isLatestTimeValid,
  parseDecimal,
  pickupTimeZone,
  pickupWindow,
} from '../../lib/returns/return-rules.ts';
import { formatMoney } from '../../lib/payments/money-format.ts';
import { isolate } from '../../lib/widgets/format.ts';
import { notify, notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { $session } from '../../lib/session/session-store.ts';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { DateField } from './DateField.tsx';
import { TimeField } from './TimeField.tsx';
import { useDraftSync } from './use-draft-sync.ts';

/** What Calculate checks before it asks for a price (spec 1 §5 "Pickup"): the window, the amount, the weight. */
const PRICED_FIELDS = ['pickupDate', 'readyTime', 'latestTime', 'amount', 'weight'] as const;

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  shipment: ReturnShipment;
  draft: ReturnDraft;
  onBack: () => void;
  /** Shows an earlier step (an address the API refused). */
  onStep: (step: ReturnStep) => void;
}

export function PickupStep({ t, lang, brandSlug, shipment, draft, onBack, onStep }: Props) {
  const guid = useStore($session)?.guid ?? '';
  const pickupCountry = draft.pickupAddress?.pickupCountryCode ?? shipment.pickupAddress.pickupCountryCode;
  const deliveryCountry = draft.deliveryAddress?.deliveryCountryCode ?? shipment.deliveryAddress.deliveryCountryCode;
  const timeZone = pickupTimeZone(pickupCountry);
  const days = useMemo(() => pickupWindow(new Date(), timeZone), [timeZone]);
  const schema = useMemo(
    () => pickupFormSchema({ now: () => new Date(), timeZone, lowValueLimit: shipment.lowValueLimit }),
    [timeZone, shipment.lowValueLimit],
  );
  const [defaults] = useState<PickupForm>(
    () =>
      draft.pickup ?? {
        ...defaultPickupTimes(new Date(), timeZone),
        contentDescription: shipment.contentDescription,
        amount: formatReturnAmount(shipment.amount),
        weight: formatReturnWeight(shipment.weight),
      },
  );
  const { register, handleSubmit, control, setValue, getValues, setError, trigger, formState, subscribe } =
    useForm<PickupForm>({ resolver: zodResolver(schema), defaultValues: defaults });
  const [price, setPrice] = useState<ReturnPrice | null>(null);
  const [calculating, setCalculating] = useState(false);
  const [calcError, setCalcError] = useState<string | null>(null);
  /** Calculate found a problem: the fields it checks are checked again as they change, as after a submit. */
  const [priceChecked, setPriceChecked] = useState(false);
  const [failure, setFailure] = useState<SubmitFailure | null>(null);
  const [invalidForm, setInvalidForm] = useState(false);
  const [sent, setSent] = useState(false);

  const save = useCallback((values: PickupForm) => updateDraft({ pickup: values }), []);
  useDraftSync(subscribe, save);

  const errors = formState.errors;
  const recheck = (names: FieldPath<PickupForm> | FieldPath<PickupForm>[]) => {
    if (formState.isSubmitted || priceChecked) void trigger(names);
  };
  const money = (amount: number, currency: string) => isolate(formatMoney(amount, currency, lang));

  const request = (form: PickupForm) => ({
    packageID: shipment.packageID,
    contentDescription: form.contentDescription,
    pickupAddress: draft.pickupAddress!,
    deliveryAddress: draft.deliveryAddress!,
    pickupTimeDetails: { pickupDate: form.pickupDate, readyTime: form.readyTime, latestTime: form.latestTime },
    amount: parseDecimal(form.amount),
    weight: parseDecimal(form.weight),
    weightUnit: 'kg' as const,
  });

  const calculate = async () => {
    setPrice(null);
    setCalcError(null);
    // An invalid pickup is not priced: its fields say what is wrong, and the server is not asked.
    if (!(await trigger([...PRICED_FIELDS], { shouldFocus: true }))) {
      setPriceChecked(true);
      setCalcError('errors.validation');
      return;
    }
    setCalculating(true);
    try {
      setPrice(
        await call(calculateReturn, {
          params: { guid },
          body: {
            packageID: shipment.packageID,
            weight: parseDecimal(getValues('weight')),
            weightUnit: 'kg',
            pickupCountryCode: pickupCountry,
            deliveryCountryCode: deliveryCountry,
          },
        }),
      );
    } catch (error) {
      setCalcError(
        error instanceof ApiError && error.code === ReturnErrorCode.noRoute ? 'return.error.noRoute' : 'errors.500',
      );
    } finally {
      setCalculating(false);
    }
  };

  const onSubmit = async (form: PickupForm) => {
    setFailure(null);
    setInvalidForm(false);
    try {
      const body = request(form);
      const stored = await call(submitReturn, { params: { guid, id: body.packageID }, body });
      setSent(true);
      completeStep('pickup', { pickup: form });
      clearDraft();
      notifyOnNextPage('success', 'notifications.shipmentReturnAccepted');
      location.assign(buildUrl(lang, 'tracking', brandSlug, { awbNumber: stored.awb }));
    } catch (error) {
      const found = submitFailure(error);
      for (const f of found.fields) setError(f.field as FieldPath<PickupForm>, { message: f.key });
      setFailure(found);
      notify('danger', 'errors.shipmentReturnFailed');
    }
  };

  const busy = formState.isSubmitting || sent;
  return (
    <form
      className="return-form"
      noValidate
      aria-labelledby="return-step-heading"
      onSubmit={handleSubmit(onSubmit, () => {
        setFailure(null);
        setInvalidForm(true);
      })}
    >
      <p>{t('return.pickup.intro')}</p>
      {invalidForm && Object.keys(errors).length > 0 && (
        <FormAlert>
          <p>{t('errors.validation')}</p>
        </FormAlert>
      )}
      {failure && (
        <FormAlert>
          {failure.keys.map((key) => (
            <p key={key}>{t(key)}</p>
          ))}
          {failure.step && (
            <p>
              <button type="button" className="link-button" onClick={() => onStep(failure.step!)}>
                {t(`return.edit.${failure.step}`)}
              </button>
            </p>
          )}
        </FormAlert>
      )}
      <Controller
        control={control}
        name="pickupDate"
        render={({ field }) => (
          <DateField
            t={t}
            lang={lang}
            label={t('return.pickupDate')}
            value={field.value}
            onChange={(day) => {
              field.onChange(day);
              recheck(['pickupDate', 'readyTime']);
            }}
            onBlur={field.onBlur}
            error={errors.pickupDate?.message}
            first={days.first}
            last={days.last}
          />
        )}
      />
      <div className="form-columns">
        <Controller
          control={control}
          name="readyTime"
          render={({ field }) => (
            <TimeField
              t={t}
              label={t('return.readyTime')}
              value={field.value}
              onChange={(ready) => {
                field.onChange(ready);
                // The latest time follows a ready time moved past it (one hour later, the default).
                const latest = getValues('latestTime');
                if (!isLatestTimeValid(ready, latest)) setValue('latestTime', defaultLatestTime(ready));
                recheck(['readyTime', 'latestTime']);
              }}
              error={errors.readyTime?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="latestTime"
          render={({ field }) => (
            <TimeField
              t={t}
              label={t('return.latestTime')}
              value={field.value}
              onChange={(latest) => {
                field.onChange(latest);
                void trigger('latestTime');
              }}
              error={errors.latestTime?.message}
            />
          )}
        />
      </div>
      <TextField
        t={t}
        label={t('return.contentDescription')}
        registration={register('contentDescription')}
        error={errors.contentDescription?.message}
      />
      <div className="form-columns">
        <TextField
          t={t}
          label={t('return.amount', { currency: shipment.currencyCode })}
          inputMode="decimal"
          dir="ltr"
          hintId="return-amount-hint"
          registration={register('amount', {
            onChange: () => {
              if (priceChecked) void trigger('amount');
            },
            onBlur: (e: { target: { value: string } }) => {
              const n = parseDecimal(e.target.value);
              if (!Number.isNaN(n))
                setValue('amount', formatReturnAmount(n), { shouldValidate: formState.isSubmitted || priceChecked });
            },
          })}
          error={errors.amount?.message}
        />
        <TextField
          t={t}
          label={t('return.weight')}
          inputMode="decimal"
          dir="ltr"
          registration={register('weight', {
            onChange: () => {
              setPrice(null);
              if (priceChecked) void trigger('weight');
            },
            onBlur: (e: { target: { value: string } }) => {
              const n = parseDecimal(e.target.value);
              if (!Number.isNaN(n))
                setValue('weight', formatReturnWeight(n), { shouldValidate: formState.isSubmitted || priceChecked });
            },
          })}
          error={errors.weight?.message}
        />
      </div>
      <p className="field-hint" id="return-amount-hint">
        {t('return.amountHint', { limit: money(shipment.lowValueLimit, shipment.currencyCode) })}
      </p>
      <div className="return-price" role="status">
        {price && <p>{t('return.price', { price: money(price.amount, price.currencyCode) })}</p>}
        {calcError && <p className="field-error">{t(calcError)}</p>}
      </div>
      <div className="return-actions">
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t('return.back')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={calculating || busy}
          aria-busy={calculating}
          onClick={() => void calculate()}
        >
          {calculating ? t('common.working') : t('return.calculate')}
        </button>
        <button type="submit" className="button" disabled={busy} aria-busy={busy}>
          {busy ? t('common.working') : t('return.submit')}
        </button>
      </div>
    </form>
  );
}
