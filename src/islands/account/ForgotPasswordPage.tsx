import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { emailFormSchema, type EmailForm } from '../../lib/auth/account-forms.ts';
import { call } from '../../lib/api/call.ts';
import { sendForgottenPasswordEmail } from '../../lib/api/users/contract.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { island } from '../ui/Island.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

function ForgotPasswordForm({ lang, brandSlug }: Props) {
  const t = useTranslator(lang, 'auth');
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EmailForm>({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: new URLSearchParams(location.search).get('email') ?? '' },
  });

  const onSubmit = async ({ email }: EmailForm) => {
    setFailure(null);
    try {
      await call(sendForgottenPasswordEmail, { body: { email, langCode: lang } });
      notifyOnNextPage('success', 'notifications.confirmEmailSent');
      location.assign(buildUrl(lang, 'login', brandSlug, {}, { email }));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.messageKey : 'errors.500');
    }
  };

  return (
    <form className="form-card" noValidate onSubmit={handleSubmit(onSubmit, () => setFailure('errors.validation'))}>
      <h1>{t('forgotPassword.heading')}</h1>
      <p>{t('forgotPassword.intro')}</p>
      {failure && (
        <FormAlert>
          <p>{t(failure)}</p>
        </FormAlert>
      )}
      <TextField
        t={t}
        label={t('login.email')}
        type="email"
        autoComplete="email"
        inputMode="email"
        registration={register('email')}
        error={errors.email?.message}
      />
      <SubmitButton busy={isSubmitting} label={t('forgotPassword.submit')} busyLabel={t('common.working')} />
      <p className="form-links">
        <a href={buildUrl(lang, 'login', brandSlug)}>{t('forgotPassword.back')}</a>
      </p>
    </form>
  );
}

export default island(ForgotPasswordForm);
