/**
 * Steps 1 and 2 of the return (spec 1 §5 "Return addresses"): where the parcel is picked up, and where it goes
 * back to (the supplier, with a name and a phone number). The zip code is required unless the country says
 * otherwise; in a country with zip codes the address is checked (ValidateAddress) before going on, and a failed
 * check is errors.invalidAddress. What is typed is kept in the draft as it is typed.
 */
import { useCallback, useState, type FormEventHandler, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetValue,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import type { City } from '../../lib/api/reference/contract.ts';
import { validateAddress, type ReturnCountry, type ReturnShipment } from '../../lib/api/returns/contract.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { countryNameOf } from '../../lib/reference/countries.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { Isolated } from '../ui/i18n/Isolated.tsx';
import {
  completeStep,
  editStep,
  type DeliveryAddressForm,
  type PickupAddressForm,
  type ReturnDraft,
} from '../../lib/returns/return-draft.ts';
import { deliveryAddressFormSchema, pickupAddressFormSchema, zipRequiredIn } from '../../lib/returns/return-forms.ts';
import { TextField } from '../ui/TextField.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { CityField } from '../ui/CityField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { useDraftSync } from './use-draft-sync.ts';

interface StepProps {
  t: TFunction;
  lang: Lang;
  shipment: ReturnShipment;
  draft: ReturnDraft;
  onNext: () => void;
  onBack?: () => void;
}

function countryOptions(countries: readonly ReturnCountry[], lang: Lang) {
  const collator = new Intl.Collator(localeOf(lang));
  return countries
    .map((c) => ({ value: c.code, label: countryNameOf(c.code, lang) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** Checks the address where the country has zip codes; answers the message key of a failure, or null. */
async function checkAddress(
  countries: readonly ReturnCountry[],
  country: string,
  address: { streetName: string; cityName: string; zipCode: string },
): Promise<string | null> {
  if (!zipRequiredIn(countries, country)) return null;
  try {
    const { isValid } = await call(validateAddress, { params: { code: country }, body: address });
    return isValid ? null : 'errors.invalidAddress';
  } catch (error) {
    return error instanceof ApiError && error.status !== 400 && error.status !== 404
      ? error.messageKey
      : 'errors.invalidAddress';
  }
}

/** Fills the zip code from a city of the list while it is still empty. */
function useCityFill<T extends FieldValues>(setValue: UseFormSetValue<T>, zip: Path<T>, current: () => string) {
  return useCallback(
    (city: City) => {
      if (city.zipCode && !current()) setValue(zip, city.zipCode as T[typeof zip], { shouldDirty: true });
    },
    [setValue, zip, current],
  );
}

function StepButtons({ t, busy, onBack }: { t: TFunction; busy: boolean; onBack?: (() => void) | undefined }) {
  return (
    <div className="return-actions">
      {onBack && (
        <button type="button" className="button button-secondary" onClick={onBack}>
          {t('return.back')}
        </button>
      )}
      <SubmitButton busy={busy} label={t('return.continue')} busyLabel={t('return.checkingAddress')} />
    </div>
  );
}

interface FieldBinding {
  registration: UseFormRegisterReturn;
  error: string | undefined;
}

/** A step's form: its intro, why it can't go on, its fields and its buttons. */
function StepForm({
  t,
  intro,
  failure,
  busy,
  onSubmit,
  onBack,
  children,
}: {
  t: TFunction;
  intro: ReactNode;
  failure: string | null;
  busy: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack?: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <form className="return-form" noValidate aria-labelledby="return-step-heading" onSubmit={onSubmit}>
      <p>{intro}</p>
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      {children}
      <StepButtons t={t} busy={busy} onBack={onBack} />
    </form>
  );
}

/** Country, street, city (with its zip code filled from the list) and zip code, required where the country says. */
function AddressFields({
  t,
  lang,
  countries,
  country,
  city,
  onCity,
  fields,
}: {
  t: TFunction;
  lang: Lang;
  countries: readonly ReturnCountry[];
  country: string;
  city: string;
  onCity: (city: City) => void;
  fields: Record<'country' | 'street' | 'city' | 'zip', FieldBinding>;
}) {
  return (
    <>
      <SelectField
        t={t}
        label={t('return.country')}
        options={countryOptions(countries, lang)}
        registration={fields.country.registration}
        error={fields.country.error}
      />
      <TextField
        t={t}
        label={t('shipping.addressLine1')}
        autoComplete="street-address"
        registration={fields.street.registration}
        error={fields.street.error}
      />
      <CityField
        t={t}
        countryCode={country}
        value={city}
        registration={fields.city.registration}
        error={fields.city.error}
        onCity={onCity}
      />
      <TextField
        t={t}
        label={t(zipRequiredIn(countries, country) ? 'shipping.zipCode' : 'shipping.zipCodeOptional')}
        autoComplete="postal-code"
        dir="ltr"
        registration={fields.zip.registration}
        error={fields.zip.error}
      />
    </>
  );
}

export function AddressFromStep({ t, lang, shipment, draft, onNext, onBack }: StepProps) {
  const countries = shipment.pickupCountries;
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, setValue, getValues, formState, subscribe } = useForm<PickupAddressForm>({
    resolver: zodResolver(pickupAddressFormSchema(countries)),
    defaultValues: draft.pickupAddress ?? shipment.pickupAddress,
  });
  const save = useCallback((values: PickupAddressForm) => editStep('address-from', { pickupAddress: values }), []);
  useDraftSync(subscribe, save);
  const country = useWatch({ control, name: 'pickupCountryCode' });
  const city = useWatch({ control, name: 'pickupCity' });
  const currentZip = useCallback(() => getValues('pickupZipCode'), [getValues]);
  const onCity = useCityFill(setValue, 'pickupZipCode', currentZip);
  const errors = formState.errors;

  const onSubmit = async (form: PickupAddressForm) => {
    setFailure(null);
    const problem = await checkAddress(countries, form.pickupCountryCode, {
      streetName: form.pickupStreetAdress,
      cityName: form.pickupCity,
      zipCode: form.pickupZipCode,
    });
    if (problem) {
      setFailure(problem);
      return;
    }
    completeStep('address-from', { pickupAddress: form });
    onNext();
  };

  return (
    <StepForm
      t={t}
      intro={t('return.addressFrom.intro')}
      failure={failure}
      busy={formState.isSubmitting}
      onSubmit={handleSubmit(onSubmit, () => setFailure('errors.validation'))}
      onBack={onBack}
    >
      <AddressFields
        t={t}
        lang={lang}
        countries={countries}
        country={country}
        city={city}
        onCity={onCity}
        fields={{
          country: { registration: register('pickupCountryCode'), error: errors.pickupCountryCode?.message },
          street: { registration: register('pickupStreetAdress'), error: errors.pickupStreetAdress?.message },
          city: { registration: register('pickupCity'), error: errors.pickupCity?.message },
          zip: { registration: register('pickupZipCode'), error: errors.pickupZipCode?.message },
        }}
      />
    </StepForm>
  );
}

export function AddressToStep({ t, lang, shipment, draft, onNext, onBack }: StepProps) {
  const countries = shipment.deliveryCountries;
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, control, setValue, getValues, formState, subscribe } = useForm<DeliveryAddressForm>({
    resolver: zodResolver(deliveryAddressFormSchema(countries)),
    defaultValues: draft.deliveryAddress ?? shipment.deliveryAddress,
  });
  const save = useCallback((values: DeliveryAddressForm) => editStep('address-to', { deliveryAddress: values }), []);
  useDraftSync(subscribe, save);
  const country = useWatch({ control, name: 'deliveryCountryCode' });
  const city = useWatch({ control, name: 'deliveryCity' });
  const currentZip = useCallback(() => getValues('deliveryZipCode'), [getValues]);
  const onCity = useCityFill(setValue, 'deliveryZipCode', currentZip);
  const errors = formState.errors;

  const onSubmit = async (form: DeliveryAddressForm) => {
    setFailure(null);
    const problem = await checkAddress(countries, form.deliveryCountryCode, {
      streetName: form.deliveryStreetAddress,
      cityName: form.deliveryCity,
      zipCode: form.deliveryZipCode,
    });
    if (problem) {
      setFailure(problem);
      return;
    }
    completeStep('address-to', { deliveryAddress: form });
    onNext();
  };

  return (
    <StepForm
      t={t}
      intro={
        shipment.supplierName ? (
          <Isolated t={t} k="return.addressTo.intro" data={{ supplier: shipment.supplierName }} />
        ) : (
          t('return.addressTo.intro', { supplier: regionName(shipment.originCountryCode, lang) })
        )
      }
      failure={failure}
      busy={formState.isSubmitting}
      onSubmit={handleSubmit(onSubmit, () => setFailure('errors.validation'))}
      onBack={onBack}
    >
      <TextField
        t={t}
        label={t('return.name')}
        autoComplete="organization"
        registration={register('name')}
        error={errors.name?.message}
      />
      <TextField
        t={t}
        label={t('return.phone')}
        type="tel"
        dir="ltr"
        autoComplete="tel"
        registration={register('phoneNumber')}
        error={errors.phoneNumber?.message}
      />
      <AddressFields
        t={t}
        lang={lang}
        countries={countries}
        country={country}
        city={city}
        onCity={onCity}
        fields={{
          country: { registration: register('deliveryCountryCode'), error: errors.deliveryCountryCode?.message },
          street: { registration: register('deliveryStreetAddress'), error: errors.deliveryStreetAddress?.message },
          city: { registration: register('deliveryCity'), error: errors.deliveryCity?.message },
          zip: { registration: register('deliveryZipCode'), error: errors.deliveryZipCode?.message },
        }}
      />
    </StepForm>
  );
}
