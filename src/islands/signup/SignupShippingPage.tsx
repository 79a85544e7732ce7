/**
 * Signup step 2 (spec 1 §2.4, §5): shipping details. With a free plan the mailboxes open and the customer
 * goes to the confirmation; with a paid plan, to the payment step URL the API resolves, carrying the plan.
 */
import { useCallback, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { shippingFormSchema, type ShippingForm } from '../../lib/signup/shipping-form.ts';
import { fieldProblemsOf, formProblemOf } from '../../lib/signup/signup-errors.ts';
import { call } from '../../lib/api/call.ts';
import { saveShippingDetails, type ShippingDetailsResponse } from '../../lib/api/account/contract.ts';
import { getCustomerDetails } from '../../lib/api/session/contract.ts';
import { $shippingDetails } from '../../lib/signup/queries.ts';
import { resolveSignupPaymentUrl } from '../../lib/api/signup/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { countryByCode, countryName, type CountryOption } from '../../lib/reference/countries.ts';
import { zipCodeRequired } from '../../lib/profile/profile-rules.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { AddressFields, addressBindings } from '../ui/AddressFields.tsx';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { StepIndicator } from '../ui/StepIndicator.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { island } from '../ui/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

/** The address saved so far; an empty form when there is none (or it could not be read). */
function formOf(d: ShippingDetailsResponse | undefined): ShippingForm {
  return {
    addressLine1: d?.addressLine1 ?? '',
    addressLine2: d?.addressLine2 ?? '',
    city: d?.city ?? '',
    zipCode: d?.zipCode ?? '',
    state: d?.state ?? '',
    w3wAddress: d?.w3wAddress ?? '',
    applyProtectionService: d?.applyProtectionService ?? false,
  };
}

function SignupShippingView(props: Props) {
  const t = useTranslator(props.lang);
  const user = useStore($session);
  const country = countryByCode(user?.countryCode);
  const { data, error } = useStore($shippingDetails);
  if (!user || !country) return null;
  // The form shows once the saved details are in, so a late answer never overwrites what is typed.
  if (!data && !error) {
    return (
      <p className="form-card" role="status">
        {t('common.loading')}
      </p>
    );
  }
  return <SignupShippingForm {...props} guid={user.guid} country={country} saved={data} />;
}

function SignupShippingForm({
  lang,
  brandSlug,
  guid,
  country,
  saved,
}: Props & { guid: string; country: CountryOption; saved: ShippingDetailsResponse | undefined }) {
  const t = useTranslator(lang);
  const [failure, setFailure] = useState<string | null>(null);

  const { register, handleSubmit, control, setValue, setError, getValues, formState } = useForm<ShippingForm>({
    resolver: zodResolver(shippingFormSchema(zipCodeRequired(country))),
    defaultValues: formOf(saved),
  });
  const city = useWatch({ control, name: 'city' });
  const street = useWatch({ control, name: 'addressLine1' });

  const fill = useCallback(
    (part: 'zipCode' | 'state' | 'w3wAddress', value: string) =>
      setValue(part, value, { shouldDirty: true, shouldValidate: part === 'w3wAddress' }),
    [setValue],
  );

  const onSubmit = async (form: ShippingForm) => {
    setFailure(null);
    try {
      const result = await call(saveShippingDetails, {
        params: { guid },
        body: { ...form, countryCode: country.code },
      });
      if (result.amount > 0) {
        const { absoluteUri } = await call(resolveSignupPaymentUrl, {
          body: { currencyCode: result.currencyCode, planId: result.planId, lang },
        });
        location.assign(absoluteUri);
        return;
      }
      setCurrentUser(currentUserFrom(await call(getCustomerDetails)));
      notifyOnNextPage('success', 'notifications.mailboxesReady');
      location.assign(buildUrl(lang, 'signup.confirmation', brandSlug));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = fieldProblemsOf(error);
      for (const f of fields) setError(f.field as FieldPath<ShippingForm>, { message: f.key });
      setFailure(formProblemOf(error, fields));
    }
  };

  const errors = formState.errors;
  return (
    <form
      className="form-card form-card-wide"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setFailure('errors.validation'))}
    >
      <StepIndicator t={t} lang={lang} brandSlug={brandSlug} current={2} />
      <h1>{t('shipping.heading')}</h1>
      <p>{t('shipping.intro', { country: countryName(country, lang) })}</p>
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      <AddressFields
        t={t}
        lang={lang}
        country={country}
        city={city}
        street={street}
        {...addressBindings(register, errors, {
          line1: 'addressLine1',
          line2: 'addressLine2',
          city: 'city',
          zipCode: 'zipCode',
          state: 'state',
          w3wAddress: 'w3wAddress',
        })}
        fill={fill}
        current={getValues}
      />
      <CheckboxField t={t} label={t('shipping.protection')} registration={register('applyProtectionService')} />
      <SubmitButton busy={formState.isSubmitting} label={t('signup.continue')} busyLabel={t('common.working')} />
      <p className="form-links">
        <a href={buildUrl(lang, 'signup.new', brandSlug)}>{t('signup.back')}</a>
      </p>
    </form>
  );
}

export default island(SignupShippingView);
