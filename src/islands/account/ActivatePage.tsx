/**
 * Activation and reactivation links (spec 1 §4.6): the account is resolved from `q`; an unresolved link
 * goes to login with errors.accountNotResolved; an account already active goes to login with its e-mail
 * and notifications.accountAlreadyActive; otherwise it is activated and the customer logs in.
 */
import { useEffect } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../i18n/use-translator.ts';
import { activateUser } from '../../lib/api/users/activate-user.ts';
import { resolveAccount } from '../../lib/api/users/resolve-link.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { notifyOnNextPage, type NotificationType } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { island } from '../forms/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
  mode: 'activate' | 'reactivate';
}

function ActivateView({ lang, brandSlug, mode }: Props) {
  const t = useTranslator(lang, 'auth');

  useEffect(() => {
    const toLogin = (type: NotificationType, msg: string, email?: string) => {
      notifyOnNextPage(type, msg);
      location.replace(buildUrl(lang, 'login', brandSlug, {}, email ? { email } : {}));
    };
    const q = new URLSearchParams(location.search).get('q');
    if (!q) {
      toLogin('danger', 'errors.accountNotResolved');
      return;
    }
    void (async () => {
      try {
        const account = await resolveAccount(q);
        if (account.active) return toLogin('info', 'notifications.accountAlreadyActive', account.email);
        await activateUser(q);
        toLogin('success', 'notifications.accountActivated', account.email);
      } catch (error) {
        const key = error instanceof ApiError ? error.messageKey : 'errors.500';
        toLogin(key === 'notifications.accountAlreadyActive' ? 'info' : 'danger', key);
      }
    })();
  }, [lang, brandSlug]);

  return (
    <div className="form-card">
      <h1>{t(mode === 'activate' ? 'activate.heading' : 'reactivate.heading')}</h1>
      <p role="status">{t('activate.working')}</p>
    </div>
  );
}

export default island(ActivateView);
