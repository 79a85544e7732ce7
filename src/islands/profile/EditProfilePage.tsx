/**
 * Edit profile (spec 1 §2.1, §3 profile, §5): the customer's details, ID details for the country's ID
 * types, and e-mail preferences. When the country needs an ID document and none is uploaded, the customer
 * goes to the upload first.
 */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { birthDateOf } from '../../lib/signup/form-fields.ts';
import { editProfileFormSchema, type EditProfileForm } from '../../lib/profile/profile-form.ts';
import { getProfile, type Profile } from '../../lib/api/customers/contract.ts';
import { PROFILE_FORM_STAGE, PROFILE_SAVE_ACTION, saveAccount } from '../../lib/api/account/contract.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { refetch } from '../../lib/api/query.ts';
import { $idTypes, $profile, allCountriesIn } from '../../lib/profile/queries.ts';
import { countryByCode, countryName, countryOptions, type CountryOption } from '../../lib/reference/countries.ts';
import { normalisePhone, zipCodeRequired } from '../../lib/profile/profile-rules.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../ui/TextField.tsx';
import { NameFields } from '../ui/NameFields.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { AddressFields, addressBindings } from '../ui/AddressFields.tsx';
import { BirthDateFields } from '../ui/BirthDateFields.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { island } from '../ui/Island.tsx';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { WeightUnitField } from './WeightUnitField.tsx';
import { WhenNear } from '../ui/WhenNear.tsx';
import { SESSIONS_ANCHOR } from '../../lib/sessions/sessions-link.ts';

// The alert switches and the mailing lists are far below the form: they load as the customer scrolls to them.
const ProfileSettings = lazy(() => import('./ProfileSettings.tsx'));

interface Props {
  lang: Lang;
  brandSlug: string;
}

function formValues(p: Profile): EditProfileForm {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    birthDay: p.birthDate ? String(p.birthDate.day) : '',
    birthMonth: p.birthDate ? String(p.birthDate.month) : '',
    birthYear: p.birthDate ? String(p.birthDate.year) : '',
    gender: p.gender ?? '',
    nationality: p.nationality ?? '',
    mobile: p.mobile ?? '',
    tel1: p.tel1 ?? '',
    city: p.city ?? '',
    state: p.state ?? '',
    streetAddressLine1: p.streetAddressLine1 ?? '',
    streetAddressLine2: p.streetAddressLine2 ?? '',
    zipCode: p.zipCode ?? '',
    w3wAddress: p.w3wAddress ?? '',
    idType: p.idType ?? '',
    idTypeValue: p.idTypeValue ?? '',
    weightUnit: p.weightUnit,
  };
}

function ProfileForm({
  lang,
  profile,
  country,
  idDetailsMandatory,
}: {
  lang: Lang;
  profile: Profile;
  country: CountryOption;
  idDetailsMandatory: boolean;
}) {
  const t = useTranslator(lang, 'profile');
  const [failure, setFailure] = useState<string | null>(null);
  // Without the country's ID types (they failed, or are still coming) the select has no options.
  const { data: idTypes } = useStore($idTypes);
  // A nationality may be any country of the world; until that list arrives (or if it can't), the service's own.
  const { data: allCountries } = useStore(allCountriesIn(lang));
  const nationalities = allCountries?.map((c) => ({ value: c.code, label: c.name })) ?? countryOptions(lang);
  const { register, handleSubmit, control, setValue, getValues, setError, reset, formState } = useForm<EditProfileForm>(
    {
      resolver: zodResolver(editProfileFormSchema({ zipRequired: zipCodeRequired(country), idDetailsMandatory })),
      defaultValues: formValues(profile),
    },
  );
  const city = useWatch({ control, name: 'city' });
  const street = useWatch({ control, name: 'streetAddressLine1' });

  // The select had no options when the saved value was set: set it again once they are drawn.
  useEffect(() => {
    if (profile.idType && idTypes?.some((type) => type === profile.idType)) setValue('idType', profile.idType);
  }, [idTypes, profile.idType, setValue]);

  // The saved nationality may be a country the first list lacked: set the value again once every country is drawn.
  useEffect(() => {
    const nationality = getValues('nationality');
    if (nationality) setValue('nationality', nationality);
  }, [allCountries, getValues, setValue]);

  const fill = useCallback(
    (part: 'zipCode' | 'state' | 'w3wAddress', value: string) =>
      setValue(part, value, { shouldDirty: true, shouldValidate: part === 'w3wAddress' }),
    [setValue],
  );

  const onSubmit = async (form: EditProfileForm) => {
    setFailure(null);
    // Spec 1 §4.7: the customer is told to wait, then of the outcome.
    notify('info', 'notifications.wait');
    // The session update and the error messages load when the customer saves: the page shows the form without them.
    const [{ currentUserFrom }, { fieldProblemsOf, formProblemOf }] = await Promise.all([
      import('../../lib/session/from-login.ts'),
      import('../../lib/signup/signup-errors.ts'),
    ]);
    try {
      const saved = await call(saveAccount, {
        params: { guid: profile.userGuid },
        body: {
          action: PROFILE_SAVE_ACTION,
          formStage: PROFILE_FORM_STAGE,
          firstName: form.firstName,
          lastName: form.lastName,
          birthDate: birthDateOf(form),
          gender: form.gender === '' ? null : form.gender,
          nationality: form.nationality || null,
          mobile: normalisePhone(form.mobile),
          tel1: normalisePhone(form.tel1),
          city: form.city,
          state: form.state,
          streetAddressLine1: form.streetAddressLine1,
          streetAddressLine2: form.streetAddressLine2,
          zipCode: form.zipCode,
          w3wAddress: form.w3wAddress,
          idType: form.idType || null,
          idTypeValue: form.idTypeValue || null,
          weightUnit: form.weightUnit,
        },
      });
      setCurrentUser(currentUserFrom(saved));
      reset(form);
      notify('success', 'notifications.profileSaved');
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const fields = fieldProblemsOf(error, { birthDate: 'birthYear' });
      for (const f of fields) setError(f.field as FieldPath<EditProfileForm>, { message: f.key });
      setFailure(formProblemOf(error, fields));
    }
  };

  const errors = formState.errors;
  return (
    <form
      className="form-card form-card-wide"
      noValidate
      aria-labelledby="profile-heading"
      onSubmit={handleSubmit(onSubmit, () => setFailure('errors.validation'))}
    >
      <h1 id="profile-heading">{t('profile.heading')}</h1>
      <p>
        {t('profile.email')}: <strong>{profile.email}</strong> · {t('profile.country')}:{' '}
        <strong>{countryName(country, lang)}</strong>
      </p>
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      <NameFields
        t={t}
        firstName={register('firstName')}
        lastName={register('lastName')}
        errors={{ firstName: errors.firstName?.message, lastName: errors.lastName?.message }}
      />
      <BirthDateFields
        lang={lang}
        t={t}
        day={register('birthDay')}
        month={register('birthMonth')}
        year={register('birthYear')}
        error={errors.birthDay?.message ?? errors.birthMonth?.message ?? errors.birthYear?.message}
      />
      <div className="form-columns">
        <SelectField
          t={t}
          label={t('profile.gender')}
          placeholder={t('profile.notSaying')}
          options={[
            { value: 'Female', label: t('profile.female') },
            { value: 'Male', label: t('profile.male') },
          ]}
          registration={register('gender')}
        />
        <SelectField
          t={t}
          label={t('profile.nationality')}
          placeholder={t('profile.chooseCountry')}
          options={nationalities}
          registration={register('nationality')}
        />
      </div>
      <div className="form-columns">
        <TextField
          t={t}
          label={t('profile.mobile')}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          dir="ltr"
          registration={register('mobile')}
          error={errors.mobile?.message}
        />
        <TextField
          t={t}
          label={t('profile.tel1')}
          type="tel"
          inputMode="tel"
          dir="ltr"
          registration={register('tel1')}
          error={errors.tel1?.message}
        />
      </div>
      <AddressFields
        t={t}
        lang={lang}
        country={country}
        city={city}
        street={street}
        {...addressBindings(register, errors, {
          line1: 'streetAddressLine1',
          line2: 'streetAddressLine2',
          city: 'city',
          zipCode: 'zipCode',
          state: 'state',
          w3wAddress: 'w3wAddress',
        })}
        fill={fill}
        current={getValues}
      />
      <div className="form-columns">
        <SelectField
          t={t}
          label={t(idDetailsMandatory ? 'profile.idType' : 'profile.idTypeOptional')}
          placeholder={t('profile.chooseIdType')}
          options={(idTypes ?? []).map((type) => ({ value: type, label: t(`idType.${type}`) }))}
          registration={register('idType')}
          error={errors.idType?.message}
        />
        <TextField
          t={t}
          label={t(idDetailsMandatory ? 'profile.idNumber' : 'profile.idNumberOptional')}
          dir="ltr"
          registration={register('idTypeValue')}
          error={errors.idTypeValue?.message}
        />
      </div>
      <WeightUnitField t={t} registration={register('weightUnit')} />
      <SubmitButton busy={formState.isSubmitting} label={t('profile.save')} busyLabel={t('common.working')} />
    </form>
  );
}

function EditProfileView({ lang, brandSlug }: Props) {
  const user = useStore($session);
  const mustUpload = user?.id.mandatory === true && !user.id.uploaded;

  useEffect(() => {
    if (mustUpload) location.replace(buildUrl(lang, 'signup.upload', brandSlug));
  }, [mustUpload, lang, brandSlug]);

  if (!user || mustUpload) return null;
  return <ProfilePage lang={lang} guid={user.guid} idDetailsMandatory={user.id.detailsMandatory} />;
}

/** The profile once it is in (asked once per page), with the alert switches and the e-mail preferences below it. */
function ProfilePage({ lang, guid, idDetailsMandatory }: { lang: Lang; guid: string; idDetailsMandatory: boolean }) {
  const t = useTranslator(lang, 'profile');
  const { data: profile, error } = useStore($profile);
  const country = countryByCode(profile?.countryCode);
  return (
    <div className="profile-page">
      <LoadStatus
        t={t}
        loading={!profile && !error}
        error={error ? 'errors.500' : null}
        onRetry={() => refetch(getProfile)}
      />
      {profile && country && (
        <ProfileForm lang={lang} profile={profile} country={country} idDetailsMandatory={idDetailsMandatory} />
      )}
      {profile && (
        // The new-device e-mail's link opens the sessions list, below: then it renders at once.
        <WhenNear className="deferred-section" eager={globalThis.location?.hash === `#${SESSIONS_ANCHOR}`}>
          <Suspense fallback={<div className="deferred-section" />}>
            <ProfileSettings lang={lang} guid={guid} />
          </Suspense>
        </WhenNear>
      )}
    </div>
  );
}

export default island(EditProfileView);
