/**
 * Signup step 2 (spec 1 §2.4, §5): shipping details. With a free plan the mailboxes open and the customer
 * goes to the confirmation; with a paid plan, to the payment step URL the API resolves, carrying the plan.
 */
import { useCallback, useEffect, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { shippingFormSchema, type ShippingForm } from '../../lib/signup/signup-forms.ts';
import { fieldProblemsOf, formProblemOf } from '../../lib/signup/signup-errors.ts';
import { getShippingDetails, resolvePaymentUrl, saveShippingDetails } from '../../lib/api/signup/signup.ts';
import { getCustomerDetails } from '../../lib/api/account/get-customer-details.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { countryByCode, countryName } from '../../lib/reference/countries.ts';
import { zipCodeRequired } from '../../lib/profile/profile-rules.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { AddressFields, addressBindings } from '../forms/AddressFields.tsx';
import { CheckboxField } from '../forms/CheckboxField.tsx';
import { StepIndicator } from '../forms/StepIndicator.tsx';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { island } from '../forms/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

function SignupShippingForm({ lang, brandSlug }: Props) {
  const t = useTranslator(lang);
  const user = useStore($session);
  const country = countryByCode(user?.countryCode);
  const [failure, setFailure] = useState<string | null>(null);
  // The form shows once the saved details are in, so a late answer never overwrites what is typed.
  const [ready, setReady] = useState(false);

  const { register, handleSubmit, control, setValue, setError, reset, getValues, formState } = useForm<ShippingForm>({
    resolver: zodResolver(shippingFormSchema(zipCodeRequired(country))),
    defaultValues: {
      addressLine1: '',
      addressLine2: '',
      city: '',
      zipCode: '',
      state: '',
      w3wAddress: '',
      applyProtectionService: false,
    },
  });
  const city = useWatch({ control, name: 'city' });
  const street = useWatch({ control, name: 'addressLine1' });

  useEffect(() => {
    if (!user) return;
    let live = true;
    getShippingDetails(user.guid)
      .then((d) => {
        if (!live) return;
        reset({
          addressLine1: d.addressLine1,
          addressLine2: d.addressLine2,
          city: d.city,
          zipCode: d.zipCode,
          state: d.state,
          w3wAddress: d.w3wAddress,
          applyProtectionService: d.applyProtectionService,
        });
      })
      .catch(() => undefined)
      .finally(() => live && setReady(true));
    return () => {
      live = false;
    };
    // Once per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const fill = useCallback(
    (part: 'zipCode' | 'state' | 'w3wAddress', value: string) =>
      setValue(part, value, { shouldDirty: true, shouldValidate: part === 'w3wAddress' }),
    [setValue],
  );

  if (!user || !country) return null;
  if (!ready) {
    return (
      <p className="form-card" role="status">
        {t('common.loading')}
      </p>
    );
  }

  const onSubmit = async (form: ShippingForm) => {
    setFailure(null);
    try {
      const result = await saveShippingDetails(user.guid, { ...form, countryCode: country.code });
      if (result.amount > 0) {
        const { absoluteUri } = await resolvePaymentUrl({
          currencyCode: result.currencyCode,
          planId: result.planId,
          lang,
        });
        location.assign(absoluteUri);
        return;
      }
      setCurrentUser(currentUserFrom(await getCustomerDetails()));
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

export default island(SignupShippingForm);
