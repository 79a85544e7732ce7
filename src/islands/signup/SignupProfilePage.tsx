/**
 * Signup step 1 (spec 1 §2.4, §5): personal information and plan. A visitor creates the account here and
 * is logged in; a logged-in user without mailboxes completes the account instead of creating another.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { z } from '../../lib/zod.ts';
import { useForm, useWatch, type ChangeHandler, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { birthDateOf } from '../../lib/signup/form-fields.ts';
import { signupFormSchema, type SignupForm } from '../../lib/signup/signup-forms.ts';
import { choosePlan, rememberedPlan, rememberPlan, toPlanId } from '../../lib/signup/signup-steps.ts';
import { checkSignupEmail, signup } from '../../lib/api/signup/contract.ts';
import { call } from '../../lib/api/call.ts';
import { $savedProfileDetails, signupPlans } from '../../lib/signup/queries.ts';
import { $visitorCountry } from '../../lib/reference/visitor-country.ts';
import { saveMarketingContact } from '../../lib/api/marketing/marketing.ts';
import { FORM_STAGE } from '../../lib/api/marketing/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { saveProfileDetails, type ProfileDetailsResponse } from '../../lib/api/account/contract.ts';
import type { CustomerDetails } from '../../lib/api/session/customer.ts';
import { COUNTRIES_WITH_ADDRESSES, countryByCode, countryName, countryOptions } from '../../lib/reference/countries.ts';
import { mailboxCount, normalisePhone } from '../../lib/profile/profile-rules.ts';
import { $session, setCurrentUser } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../ui/TextField.tsx';
import { NameFields } from '../ui/NameFields.tsx';
import { SelectField } from '../ui/SelectField.tsx';
import { CheckboxField } from '../ui/CheckboxField.tsx';
import { BirthDateFields } from '../ui/BirthDateFields.tsx';
import { PlanChooser } from '../ui/PlanChooser.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { StepIndicator } from '../ui/StepIndicator.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { island } from '../ui/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

type AnyForm = SignupForm;

/** Field names of the API that the form calls otherwise. */
const RENAME: Record<string, string> = { birthDate: 'birthYear' };

/** Plans for the chosen country (the default list when it has none). */
function usePlans(countryCode: string) {
  // A query per country (ADR 029): its answer is never another country's.
  const $plans = useMemo(() => signupPlans(countryCode), [countryCode]);
  const { data, error } = useStore($plans);
  return { plans: data?.plans ?? null, failed: error !== undefined };
}

function Mailboxes({ t, lang, countryCode }: { t: TFunction; lang: Lang; countryCode: string }) {
  const codes = COUNTRIES_WITH_ADDRESSES.filter((c) => c !== countryCode);
  const names = codes.map((c) => countryByCode(c)).flatMap((c) => (c ? [countryName(c, lang)] : []));
  const count = mailboxCount(COUNTRIES_WITH_ADDRESSES, countryCode);
  return (
    <p className="signup-mailboxes">
      {t('signup.mailboxes', { count })}{' '}
      <span className="field-hint">{new Intl.ListFormat(localeOf(lang), { type: 'conjunction' }).format(names)}</span>
    </p>
  );
}

const EMPTY_FORM: AnyForm = {
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
};

/** The form as an incomplete account saved it, with the plan asked for if any. */
function savedForm(d: ProfileDetailsResponse, wantedPlan: number | null): AnyForm {
  return {
    ...EMPTY_FORM,
    firstName: d.firstName,
    lastName: d.lastName,
    countryCode: d.countryCode,
    mobileNumber: d.mobileNumber,
    birthDay: d.birthDate ? String(d.birthDate.day) : '',
    birthMonth: d.birthDate ? String(d.birthDate.month) : '',
    birthYear: d.birthDate ? String(d.birthDate.year) : '',
    planId: String(wantedPlan ?? d.planId),
    agreeOnUseOptIn: d.agreeOnUseOptIn,
  };
}

interface FormProps extends Props {
  /** An incomplete account's saved details; null for a visitor, or when they could not be read. */
  saved: ProfileDetailsResponse | null;
  savedFailed: boolean;
}

function SignupProfileForm({ lang, brandSlug, saved, savedFailed }: FormProps) {
  const t = useTranslator(lang, 'auth', 'plans');
  const user = useStore($session);
  const incomplete = user?.isLoggedIn === true && !user.hasMailboxes;
  const [failure, setFailure] = useState<string | null>(savedFailed ? 'errors.500' : null);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);
  const wantedPlan = Number(new URLSearchParams(location.search).get('id')) || rememberedPlan();

  const { register, handleSubmit, control, setValue, setError, getValues, formState } = useForm<AnyForm>({
    resolver: zodResolver(signupFormSchema(incomplete ? 'complete' : 'new')),
    defaultValues: saved ? savedForm(saved, wantedPlan) : EMPTY_FORM,
  });
  const countryCode = useWatch({ control, name: 'countryCode' });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const { plans, failed: plansFailed } = usePlans(countryCode);
  const { data: byClient } = useStore($visitorCountry);

  // The visitor's country, if the network knows it and none is chosen yet.
  useEffect(() => {
    const code = byClient?.countryCode;
    if (code && !getValues('countryCode') && countryByCode(code)) setValue('countryCode', code);
  }, [byClient, getValues, setValue]);

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
        await call(checkSignupEmail, { body: email });
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
          ? await call(saveProfileDetails, {
              params: { guid: user.guid },
              body: { ...common, confirmedAgreement: true },
            })
          : await call(signup, {
              body: {
                ...common,
                email: form.email,
                password: form.password,
                passwordConfirmation: form.passwordConfirmation,
                langCode: lang,
                agreeOnUseOptIn: form.agreeOnUseOptIn,
              },
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
        plans && (
          <PlanChooser
            t={t}
            lang={lang}
            plans={plans}
            registration={register('planId')}
            error={errors.planId?.message}
          />
        )
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

/** An incomplete account's form shows once its saved details are in, so nothing typed is overwritten. */
function CompleteAccount(props: Props) {
  const t = useTranslator(props.lang, 'auth', 'plans');
  const { data, error } = useStore($savedProfileDetails);
  if (!data && !error) {
    return (
      <p className="form-card" role="status">
        {t('common.loading')}
      </p>
    );
  }
  return <SignupProfileForm {...props} saved={data ?? null} savedFailed={error !== undefined} />;
}

function SignupProfileView(props: Props) {
  const { lang, brandSlug } = props;
  const user = useStore($session);
  // Decided when the page opens: a visitor who signs up here is not then asked for saved details.
  const [completing] = useState(() => {
    const opener = $session.get();
    return opener?.isLoggedIn === true && !opener.hasMailboxes;
  });
  const finished = user?.isLoggedIn === true && user.hasMailboxes;

  // A user with mailboxes has finished signing up.
  useEffect(() => {
    if (finished) location.replace(buildUrl(lang, 'account-home', brandSlug));
  }, [finished, lang, brandSlug]);

  if (finished) return null;
  return completing ? (
    <CompleteAccount {...props} />
  ) : (
    <SignupProfileForm {...props} saved={null} savedFailed={false} />
  );
}

export default island(SignupProfileView);
