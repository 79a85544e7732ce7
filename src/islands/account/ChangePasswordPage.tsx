/**
 * Change password (spec 1 §2.1, §5): from a reset link (`q`: the account is resolved from it, else login)
 * or, without a link, for the logged-in customer (else login first).
 */
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useStore } from '@nanostores/react';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import {
  changePasswordFormSchema,
  resetPasswordFormSchema,
  type ChangePasswordForm,
  type ResetPasswordForm,
} from '../../lib/auth/account-forms.ts';
import { call } from '../../lib/api/call.ts';
import { changeForgottenPassword, changePassword } from '../../lib/api/users/contract.ts';
import { $resetAccount, openResetLink } from '../../lib/auth/reset-link.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { notify, notifyOnNextPage } from '../../lib/notifications/notifications.ts';
import { $session } from '../../lib/session/session-store.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert } from '../ui/FormAlert.tsx';
import { NewPasswordFields } from '../ui/NewPasswordFields.tsx';
import { island } from '../ui/Island.tsx';
import { SubmitButton } from '../ui/SubmitButton.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
}

type Failure = { key: string; tone: 'danger' | 'warning' } | null;

function failureOf(error: unknown): Failure {
  const key = error instanceof ApiError ? error.messageKey : 'errors.500';
  return { key, tone: key === 'notifications.samePassword' ? 'warning' : 'danger' };
}

function ResetForm({ lang, brandSlug, q, email }: Props & { q: string; email: string }) {
  const t = useTranslator(lang, 'auth');
  const [failure, setFailure] = useState<Failure>(null);
  const { register, handleSubmit, control, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { newPassword: '', confirmation: '' },
  });
  const password = useWatch({ control, name: 'newPassword' });

  const onSubmit = async (form: ResetPasswordForm) => {
    setFailure(null);
    try {
      await call(changeForgottenPassword, { body: { q, newPassword: form.newPassword } });
      notifyOnNextPage('success', 'notifications.passwordChanged');
      location.assign(buildUrl(lang, 'login', brandSlug, {}, { email }));
    } catch (error) {
      const f = failureOf(error);
      if (f?.key === 'errors.accountNotResolved') {
        notifyOnNextPage('danger', f.key);
        location.replace(buildUrl(lang, 'login', brandSlug));
        return;
      }
      setFailure(f);
    }
  };

  return (
    <form
      className="form-card"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setFailure({ key: 'errors.validation', tone: 'danger' }))}
    >
      <h1>{t('changePassword.heading')}</h1>
      <p>{t('changePassword.for', { email })}</p>
      {failure && (
        <FormAlert tone={failure.tone}>
          <p>{t(failure.key)}</p>
        </FormAlert>
      )}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <NewPasswordFields
        t={t}
        labels={{ password: t('changePassword.new'), confirmation: t('changePassword.confirm') }}
        password={register('newPassword')}
        confirmation={register('confirmation')}
        errors={{
          password: formState.errors.newPassword?.message,
          confirmation: formState.errors.confirmation?.message,
        }}
        value={password}
      />
      <SubmitButton busy={formState.isSubmitting} label={t('changePassword.submit')} busyLabel={t('common.working')} />
    </form>
  );
}

function LoggedInForm({ lang, guid }: Props & { guid: string }) {
  const t = useTranslator(lang, 'auth');
  const [failure, setFailure] = useState<Failure>(null);
  const { register, handleSubmit, control, reset, formState } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmation: '' },
  });
  const password = useWatch({ control, name: 'newPassword' });

  const onSubmit = async (form: ChangePasswordForm) => {
    setFailure(null);
    try {
      await call(changePassword, {
        params: { guid },
        body: { oldPassword: form.oldPassword, newPassword: form.newPassword },
      });
      notify('success', 'notifications.passwordChanged');
      reset();
    } catch (error) {
      setFailure(failureOf(error));
    }
  };

  return (
    <form
      className="form-card"
      noValidate
      onSubmit={handleSubmit(onSubmit, () => setFailure({ key: 'errors.validation', tone: 'danger' }))}
    >
      <h1>{t('changePassword.heading')}</h1>
      {failure && (
        <FormAlert tone={failure.tone}>
          <p>{t(failure.key)}</p>
        </FormAlert>
      )}
      <TextField
        t={t}
        label={t('changePassword.current')}
        type="password"
        autoComplete="current-password"
        registration={register('oldPassword')}
        error={formState.errors.oldPassword?.message}
      />
      <NewPasswordFields
        t={t}
        labels={{ password: t('changePassword.new'), confirmation: t('changePassword.confirm') }}
        password={register('newPassword')}
        confirmation={register('confirmation')}
        errors={{
          password: formState.errors.newPassword?.message,
          confirmation: formState.errors.confirmation?.message,
        }}
        value={password}
      />
      <SubmitButton busy={formState.isSubmitting} label={t('changePassword.submit')} busyLabel={t('common.working')} />
    </form>
  );
}

/** A reset link: the form shows once the account behind it is known; a link that resolves to none goes to login. */
function ResetLink(props: Props & { q: string }) {
  const { lang, brandSlug, q } = props;
  const t = useTranslator(lang, 'auth');
  const { data: account, error } = useStore($resetAccount);

  useEffect(() => openResetLink(q), [q]);

  useEffect(() => {
    if (!error) return;
    notifyOnNextPage('danger', 'errors.accountNotResolved');
    location.replace(buildUrl(lang, 'login', brandSlug));
  }, [error, lang, brandSlug]);

  return account ? (
    <ResetForm {...props} email={account.email} />
  ) : (
    <p className="form-card" role="status">
      {t('changePassword.checking')}
    </p>
  );
}

function ChangePasswordView(props: Props) {
  const { lang, brandSlug } = props;
  const q = new URLSearchParams(location.search).get('q');
  const user = $session.get();

  useEffect(() => {
    if (!q && !user)
      location.replace(buildUrl(lang, 'login', brandSlug, {}, { toStateName: 'account.change-password' }));
  }, [q, user, lang, brandSlug]);

  if (q) return <ResetLink {...props} q={q} />;
  return user ? <LoggedInForm {...props} guid={user.guid} /> : null;
}

export default island(ChangePasswordView);
