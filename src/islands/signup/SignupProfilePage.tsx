/**
 * Signup step 1 (spec 1 §2.4, §5): personal information and plan. A visitor creates the account here and
 * is logged in; a logged-in user without mailboxes completes the account instead of creating another.
 */
import { useCallback, useEffect, useState } from 'react';
import { z } from '../../lib/zod.ts';
import { useForm, useWatch, type ChangeHandler, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { birthDateOf, signupFormSchema, type SignupForm } from '../../lib/signup/signup-forms.ts';
import { choosePlan, rememberedPlan, rememberPlan, toPlanId } from '../../lib/signup/signup-steps.ts';
import { checkEmail, getProfileDetails, saveProfileDetails, signup } from '../../lib/api/signup/signup.ts';
import { getCountryByClient, getMembershipPlans } from '../../lib/api/reference/reference.ts';
import { saveMarketingContact } from '../../lib/api/marketing/marketing.ts';
import { FORM_STAGE } from '../../lib/api/marketing/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import type { CustomerDetails } from '../../lib/api/account/contract.ts';
import type { Plan } from '../../lib/reference/schemas.ts';
import { COUNTRIES_WITH_ADDRESSES, countryByCode, countryName, countryOptions } from '../../lib/reference/countries.ts';
import { mailboxCount, normalisePhone } from '../../lib/profile/profile-rules.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../forms/TextField.tsx';
import { NameFields } from '../forms/NameFields.tsx';
import { SelectField } from '../forms/SelectField.tsx';
import { CheckboxField } from '../forms/CheckboxField.tsx';
import { BirthDateFields } from '../forms/BirthDateFields.tsx';
import { PlanChooser } from '../forms/PlanChooser.tsx';
import { NewPasswordFields } from '../forms/NewPasswordFields.tsx';
import { StepIndicator } from '../forms/StepIndicator.tsx';
import { FormAlert } from '../forms/FormAlert.tsx';
import { SubmitButton } from '../forms/SubmitButton.tsx';
import { island } from '../forms/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

type AnyForm = SignupForm;

/** Field names of the API that the form calls otherwise. */
const RENAME: Record<string, string> = { birthDate: 'birthYear' };

/** Plans for the chosen country (the default list when it has none). */
function usePlans(countryCode: string) {
  const [plans, setPlans] = useState<Plan[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    getMembershipPlans(countryCode || 'default')
      .then((r) => {
        if (!live) return;
        setPlans(r.plans);
        setFailed(false);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [countryCode]);
  return { plans, failed };
}

function Mailboxes({ t, lang, countryCode }: { t: TFunction; lang: Lang; countryCode: string }) {
  const codes = COUNTRIES_WITH_ADDRESSES.filter((c) => c !== countryCode);
  const names = codes.map((c) => countryByCode(c)).flatMap((c) => (c ? [countryName(c, lang)] : []));
  const count = mailboxCount(COUNTRIES_WITH_ADDRESSES, countryCode);
  return (
    <p className="signup-mailboxes">
      {t('signup.mailboxes', { count })}{' '}
      <span className="field-hint">{new Intl.ListFormat(lang, { type: 'conjunction' }).format(names)}</span>
    </p>
  );
}

function SignupProfileForm({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'auth', 'plans');
  const user = useStore($session);
  const incomplete = user?.isLoggedIn === true && !user.hasMailboxes;
  const [failure, setFailure] = useState<string | null>(null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  // An incomplete account's form shows once its saved details are in, so nothing typed is overwritten.
  const [ready, setReady] = useState(!incomplete);
  const wantedPlan = Number(new URLSearchParams(location.search).get('id')) || rememberedPlan();

  const { register, handleSubmit, control, setValue, setError, reset, getValues, formState } = useForm<AnyForm>({
    resolver: zodResolver(signupFormSchema(incomplete ? 'complete' : 'new')),
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      passwordConfirmation: '',
      countryCode: '',
      mobileNumber: '',
      birthDay: '',
      birthMonth: '',
      birthYear: '',
      planId: '',
      agreeOnUseOptIn: false,
      confirmedAgreement: false,
    },
  });
  const countryCode = useWatch({ control, name: 'countryCode' });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const { plans, failed: plansFailed } = usePlans(countryCode);

  // A user with mailboxes has finished signing up.
  useEffect(() => {
    if (user?.isLoggedIn && user.hasMailboxes) location.replace(buildUrl(lang, 'account-home', brandSlug));
  }, [user, lang, brandSlug]);

  // The visitor's country, if the network knows it; an incomplete account's saved details.
  useEffect(() => {
    let live = true;
    if (incomplete && user) {
      getProfileDetails(user.guid)
        .then((d) => {
          if (!live) return;
          reset({
            ...getValues(),
            firstName: d.firstName,
            lastName: d.lastName,
            countryCode: d.countryCode,
            mobileNumber: d.mobileNumber,
            birthDay: d.birthDate ? String(d.birthDate.day) : '',
            birthMonth: d.birthDate ? String(d.birthDate.month) : '',
            birthYear: d.birthDate ? String(d.birthDate.year) : '',
            planId: String(wantedPlan ?? d.planId),
            agreeOnUseOptIn: d.agreeOnUseOptIn,
          });
        })
        .catch(() => live && setFailure('errors.500'))
        .finally(() => live && setReady(true));
    } else {
      getCountryByClient()
        .then((code) => {
          if (live && code && !getValues('countryCode') && countryByCode(code)) setValue('countryCode', code);
        })
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // Once per page: the session user doesn't change while the form is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The plan: the one asked for (URL or earlier choice) if the country offers it, else basic.
  useEffect(() => {
    if (!plans) return;
    const current = Number(getValues('planId')) || wantedPlan;
    const chosen = choosePlan(plans, current);
    if (chosen) setValue('planId', String(chosen.planId));
  }, [plans, getValues, setValue, wantedPlan]);

  const emailRegistration = register('email');
  // The error messages and the session's update load when first needed (the form shows without them).
  // Spec 1 §5: the e-mail is lowercased and checked with the server when the field is left.
  const onEmailBlur: ChangeHandler = useCallback(
    async (event) => {
      await emailRegistration.onBlur(event);
      const email = getValues('email').trim().toLowerCase();
      setValue('email', email);
      setEmailProblem(null);
      if (!z.email().safeParse(email).success) return;
      try {
        await checkEmail(email);
      } catch (error) {
        if (error instanceof ApiError)
          setEmailProblem((await import('../../lib/signup/signup-errors.ts')).emailCheckProblem(error));
      }
    },
    [emailRegistration, getValues, setValue],
  );

  const after = async (details: CustomerDetails, form: AnyForm) => {
    const { currentUserFrom } = await import('../../lib/session/from-login.ts');
    setCurrentUser(currentUserFrom(details));
    rememberPlan(Number(form.planId));
    await saveMarketingContact({
      firstName: details.firstName,
      lastName: details.lastName,
      email: details.email,
      countryCode: details.countryCode,
      langCode: lang,
      optin: form.agreeOnUseOptIn,
      formStage: FORM_STAGE.signup,
      planId: Number(form.planId),
    }).catch((error: unknown) => console.warn('Marketing contact not saved', error));
    location.assign(buildUrl(lang, 'signup.shipping', brandSlug));
  };

  const onSubmit = async (form: AnyForm) => {
    setFailure(null);
    if (emailProblem && !incomplete) return;
    const common = {
      firstName: form.firstName,
      lastName: form.lastName,
      countryCode: form.countryCode,
      mobileNumber: normalisePhone(form.mobileNumber),
      birthDate: birthDateOf(form),
      planId: toPlanId(form.planId),
      agreeOnUseOptIn: form.agreeOnUseOptIn,
    };
    try {
      const details =
        incomplete && user
          ? await saveProfileDetails(user.guid, { ...common, confirmedAgreement: true })
          : await signup({
              ...common,
              email: form.email,
              password: form.password,
              passwordConfirmation: form.passwordConfirmation,
              langCode: lang,
              agreeOnUseOptIn: form.agreeOnUseOptIn,
            });
      await after(details, form);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const { fieldProblemsOf, formProblemOf } = await import('../../lib/signup/signup-errors.ts');
      const fields = fieldProblemsOf(error, RENAME);
      for (const f of fields) {
        if (f.field === 'email') setEmailProblem(f.key);
        else setError(f.field as FieldPath<AnyForm>, { message: f.key });
      }
      setFailure(formProblemOf(error, fields));
    }
  };

  if (user?.isLoggedIn && user.hasMailboxes) return null;
  if (!ready) {
    return (
      <p className="form-card" role="status">
        {t('common.loading')}
      </p>
    );
  }
  const errors = formState.errors;

  return (
    <form
      className="form-card form-card-wide"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setFailure('errors.validation'))}
    >
      <StepIndicator t={t} lang={lang} brandSlug={brandSlug} current={1} />
      <h1>{t(incomplete ? 'signup.complete.heading' : 'signup.heading')}</h1>
      <p>{t(incomplete ? 'signup.complete.intro' : 'signup.intro')}</p>
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
      {incomplete ? (
        <p>
          {t('profile.email')}: <strong>{user.email}</strong>
        </p>
      ) : (
        <>
          <TextField
            t={t}
            label={t('profile.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            registration={{ ...emailRegistration, onBlur: onEmailBlur }}
            error={errors.email?.message ?? emailProblem ?? undefined}
          />
          <NewPasswordFields
            t={t}
            labels={{ password: t('profile.password'), confirmation: t('profile.passwordConfirmation') }}
            password={register('password')}
            confirmation={register('passwordConfirmation')}
            errors={{ password: errors.password?.message, confirmation: errors.passwordConfirmation?.message }}
            value={password}
          />
        </>
      )}
      <SelectField
        t={t}
        label={t('profile.country')}
        autoComplete="country"
        placeholder={t('profile.chooseCountry')}
        options={countryOptions(lang)}
        registration={register('countryCode')}
        error={errors.countryCode?.message}
      />
      {countryCode && <Mailboxes t={t} lang={lang} countryCode={countryCode} />}
      <TextField
        t={t}
        label={t('profile.mobile')}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        dir="ltr"
        placeholder={countryByCode(countryCode)?.phoneCode}
        registration={register('mobileNumber')}
        error={errors.mobileNumber?.message}
      />
      <BirthDateFields
        lang={lang}
        t={t}
        day={register('birthDay')}
        month={register('birthMonth')}
        year={register('birthYear')}
        error={errors.birthDay?.message ?? errors.birthMonth?.message ?? errors.birthYear?.message}
      />
      {plansFailed ? (
        <FormAlert>
          <p>{t('errors.500')}</p>
        </FormAlert>
      ) : (
        plans && <PlanChooser t={t} plans={plans} registration={register('planId')} error={errors.planId?.message} />
      )}
      <CheckboxField
        t={t}
        label={
          <>
            {t('signup.agreement')}{' '}
            <a href={buildUrl(lang, 'agreement', brandSlug)} target="_blank" rel="noopener">
              {t('signup.agreementLink')}
            </a>
          </>
        }
        registration={register('confirmedAgreement')}
        error={errors.confirmedAgreement?.message}
      />
      <CheckboxField t={t} label={t('signup.optIn')} registration={register('agreeOnUseOptIn')} />
      <SubmitButton busy={formState.isSubmitting} label={t('signup.continue')} busyLabel={t('common.working')} />
      {!incomplete && (
        <p className="form-links">
          <span>
            {t('signup.haveAccount')} <a href={buildUrl(lang, 'login', brandSlug)}>{t('login.submit')}</a>
          </span>
        </p>
      )}
    </form>
  );
}

export default island(SignupProfileForm);
