import { Suspense, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { loginFormSchema, type LoginForm } from '../../lib/auth/login-form.ts';
import { afterLoginTarget } from '../../lib/auth/after-login.ts';
import { login } from '../../lib/api/account/login.ts';
import { sendActivationEmail } from '../../lib/api/account/send-activation-email.ts';
import { ApiError, ErrorCode } from '../../lib/api/errors.ts';
import { currentUserFrom } from '../../lib/session/from-login.ts';
import { setCurrentUser } from '../../lib/session/session-store.ts';
import { buildUrl, stateUrl } from '../../lib/routes/paths.ts';

interface Props {
  lang: Lang;
  brandSlug: string;
}

type Failure = { key: string; code: string } | null;

function LoginFormView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang);
  const query = new URLSearchParams(location.search);
  const ids = { email: useId(), password: useId(), failure: useId() };
  const [failure, setFailure] = useState<Failure>(null);
  const [activation, setActivation] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: query.get('email') ?? '', password: '' },
  });

  const onSubmit = async (form: LoginForm) => {
    setFailure(null);
    setActivation('idle');
    try {
      const user = await login(form);
      setCurrentUser(currentUserFrom(user));
      const target = afterLoginTarget(user, query);
      location.assign(stateUrl(lang, target.name, brandSlug, target.params));
    } catch (error) {
      const e = error instanceof ApiError ? error : new ApiError(0, null);
      setFailure({ key: e.messageKey, code: e.code });
    }
  };

  const resend = async () => {
    setActivation('sending');
    try {
      await sendActivationEmail({ email: getValues('email').trim().toLowerCase(), langCode: lang });
      setActivation('sent');
    } catch {
      setActivation('failed');
    }
  };

  const fieldError = (name: keyof LoginForm) => {
    const message = errors[name]?.message;
    return message ? (
      <p className="field-error" id={`${ids[name]}-error`}>
        {t(message)}
      </p>
    ) : null;
  };

  return (
    <form
      className="form-card"
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-describedby={failure ? ids.failure : undefined}
    >
      <h1>{t('login.heading')}</h1>
      {failure && (
        <div className="form-alert" role="alert" id={ids.failure}>
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
        </div>
      )}
      <div className="field">
        <label htmlFor={ids.email}>{t('login.email')}</label>
        <input
          id={ids.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids.email}-error` : undefined}
          {...register('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field">
        <label htmlFor={ids.password}>{t('login.password')}</label>
        <input
          id={ids.password}
          type="password"
          autoComplete="current-password"
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${ids.password}-error` : undefined}
          {...register('password')}
        />
        {fieldError('password')}
      </div>
      <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
      <p className="form-links">
        <a href={buildUrl(lang, 'account.forget-password', brandSlug)}>{t('login.forgot')}</a>
        <span>
          {t('login.noAccount')} <a href={buildUrl(lang, 'signup.new', brandSlug)}>{t('login.signup')}</a>
        </span>
      </p>
    </form>
  );
}

export default function LoginPage(props: Props) {
  return (
    <Suspense fallback={null}>
      <LoginFormView {...props} />
    </Suspense>
  );
}
