import { AccountSecurityErrorCode } from '../../lib/api/account-security-errors.ts';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { loginFormSchema, type LoginForm } from '../../lib/auth/account-forms.ts';
import { afterLoginTarget } from '../../lib/auth/after-login.ts';
import { call } from '../../lib/api/call.ts';
import { logIn } from '../../lib/api/session/contract.ts';
import { sendActivationEmail } from '../../lib/api/users/contract.ts';
import { ApiError, ErrorCode } from '../../lib/api/errors.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { setCurrentUser } from '../../lib/session/session-store.ts';
import { buildUrl, stateUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';
import { LoginCodeStep, typedCode, type CodeKind } from './LoginCodeStep.tsx';
import { autofillSupported, passkeysSupported, wasCancelled } from '../../lib/auth/passkey-support.ts';
import type { LoginResponse } from '../../lib/api/session/contract.ts';
import { PasskeyErrorCode } from '../../lib/api/passkeys/errors.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

type Failure = { key: string; code: string } | null;

/**
 * The messages of the refusals only the login page meets (a passkey, the second step's code), in its own catalogue
 * part rather than the core every page loads.
 */
const LOGIN_MESSAGES: Readonly<Record<string, string>> = {
  [PasskeyErrorCode.failed]: 'loginSteps.passkeyFailed',
  [PasskeyErrorCode.unknown]: 'loginSteps.passkeyUnknown',
  [AccountSecurityErrorCode.otpInvalid]: 'twoFactor.login.invalid',
};
const failureOf = (error: unknown): NonNullable<Failure> => {
  const e = error instanceof ApiError ? error : new ApiError(0, null);
  return { key: LOGIN_MESSAGES[e.code] ?? e.messageKey, code: e.code };
};

function LoginFormView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'auth', 'loginSteps');
  const query = new URLSearchParams(location.search);
  const [failure, setFailure] = useState<Failure>(null);
  const [activation, setActivation] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  // The second step (issue 25), once the API has asked for it: which code, as typed, and what is wrong with it.
  const [codeStep, setCodeStep] = useState<CodeKind | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: query.get('email') ?? '', password: '' },
  });

  /** Where a login, by password or passkey, goes on to (spec 1 §2.2). */
  const loggedIn = (user: LoginResponse) => {
    setCurrentUser(currentUserFrom(user));
    const target = afterLoginTarget(user, query);
    location.assign(stateUrl(lang, target.name, brandSlug, target.params));
  };
  const passkeyFailed = (error: unknown) => {
    if (!wasCancelled(error)) setFailure(failureOf(error));
  };
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const canUsePasskey = passkeysSupported();
  // The browser's autofill in the e-mail field offers the customer's passkeys too, where it can: the ceremony waits
  // there from the moment the customer comes to the field (the page doesn't load the ceremonies before).
  const autofillStarted = useRef(false);
  const offerPasskeysInAutofill = () => {
    if (autofillStarted.current) return;
    autofillStarted.current = true;
    void autofillSupported().then(async (yes) => {
      if (!yes) return;
      const { logInWithAPasskey } = await import('../../lib/auth/passkey-ceremonies.ts');
      logInWithAPasskey(true).then(loggedIn, passkeyFailed);
    });
  };
  const withPasskey = async () => {
    setFailure(null);
    setPasskeyBusy(true);
    try {
      const { logInWithAPasskey } = await import('../../lib/auth/passkey-ceremonies.ts');
      loggedIn(await logInWithAPasskey(false));
    } catch (error) {
      passkeyFailed(error);
      setPasskeyBusy(false);
    }
  };

  const onSubmit = async (form: LoginForm) => {
    setFailure(null);
    setActivation('idle');
    const second = codeStep ? typedCode(codeStep, code) : null;
    setCodeError(second && 'error' in second ? second.error : null);
    if (second && 'error' in second) return;
    try {
      loggedIn(await call(logIn, { body: { ...form, ...second } }));
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError(0, null);
      // The password was right: the form asks for the code and sends the password again with it.
      if (e.code === AccountSecurityErrorCode.otpRequired) {
        setCodeStep('otp');
        return;
      }
      if (e.code === AccountSecurityErrorCode.otpInvalid) setCode('');
      // The password no longer opens the account (changed meanwhile): back to it.
      if (e.code === ErrorCode.loginFailed) setCodeStep(null);
      setFailure(failureOf(e));
    }
  };

  const resend = async () => {
    setActivation('sending');
    try {
      await call(sendActivationEmail, { body: { email: getValues('email').trim().toLowerCase(), langCode: lang } });
      setActivation('sent');
    } catch {
      setActivation('failed');
    }
  };

  return (
    <form className="form-card" onSubmit={handleSubmit(onSubmit)} noValidate>
      <h1>{t('login.heading')}</h1>
      {failure && (
        <FormAlert>
          <p>{t(failure.key)}</p>
          {failure.code === ErrorCode.accountInactive &&
            (activation === 'sent' ? (
              <p className="form-success">{t('notifications.activationEmailSent')}</p>
            ) : (
              <button
                type="button"
                className="button button-secondary"
                onClick={resend}
                disabled={activation === 'sending'}
              >
                {t('login.resendActivation')}
              </button>
            ))}
          {activation === 'failed' && <p>{t('errors.global')}</p>}
        </FormAlert>
      )}
      <div hidden={codeStep !== null}>
        <TextField
          t={t}
          label={t('login.email')}
          type="email"
          autoComplete="username webauthn"
          onFocus={offerPasskeysInAutofill}
          inputMode="email"
          registration={register('email')}
          error={errors.email?.message}
        />
        <TextField
          t={t}
          label={t('login.password')}
          type="password"
          autoComplete="current-password"
          registration={register('password')}
          error={errors.password?.message}
        />
      </div>
      {codeStep && (
        <LoginCodeStep
          t={t}
          kind={codeStep}
          value={code}
          error={codeError}
          onChange={setCode}
          onSwitch={(kind) => {
            setCodeStep(kind);
            setCode('');
            setCodeError(null);
          }}
        />
      )}
      <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
      {canUsePasskey && (
        <button
          type="button"
          className="button button-secondary"
          disabled={passkeyBusy}
          aria-busy={passkeyBusy || undefined}
          onClick={() => void withPasskey()}
        >
          {t('loginSteps.passkey')}
        </button>
      )}
      <p className="form-links">
        <a href={buildUrl(lang, 'account.forget-password', brandSlug)}>{t('login.forgot')}</a>
        <span>
          {t('login.noAccount')} <a href={buildUrl(lang, 'signup.new', brandSlug)}>{t('login.signup')}</a>
        </span>
      </p>
    </form>
  );
}

export default island(LoginFormView);
