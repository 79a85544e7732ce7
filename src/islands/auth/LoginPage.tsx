import { useState } from 'react';
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

interface Props {
  lang: Lang;
  brandSlug: string;
}

type Failure = { key: string; code: string } | null;

function LoginFormView({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'auth');
  const query = new URLSearchParams(location.search);
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
      const user = await call(logIn, { body: form });
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
      <TextField
        t={t}
        label={t('login.email')}
        type="email"
        autoComplete="username"
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
      <SubmitButton busy={isSubmitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
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
