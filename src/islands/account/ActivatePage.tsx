/**
 * Activation and reactivation links (spec 1 §4.6): the account is resolved from `q`; an unresolved link
 * goes to login with errors.accountNotResolved; an account already active goes to login with its e-mail
 * and notifications.accountAlreadyActive; otherwise it is activated and the customer logs in.
 *
 * Both pages are in spec 2 §7 and each keeps a form of the calls: account/activate the v1 calls, with `q` in
 * the activationParams header (GET api/v1/session/account, POST api/v1/account/{accountGUID}/activate);
 * account/reactivate the api/users ones, with `q` in the body (ResolveAccount, ActivateUser). The link is the same.
 */
import { useEffect } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { call } from '../../lib/api/call.ts';
import {
  ACTIVATION_PARAMS_HEADER,
  activateAccount,
  activateUser,
  getLinkAccount,
  linkTokenSchema,
  resolveAccount,
} from '../../lib/api/users/contract.ts';
import { ApiError, ErrorCode } from '../../lib/api/errors.ts';
import { notifyOnNextPage, type NotificationType } from '../../lib/notifications/notifications.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { island } from '../ui/Island.tsx';

interface Props {
  lang: Lang;
  brandSlug: string;
  mode: 'activate' | 'reactivate';
}

/** Resolves the link and activates its account unless it is active already; answers the account as resolved. */
async function activateFromLink(mode: Props['mode'], q: string): Promise<{ active: boolean; email: string }> {
  if (mode === 'activate') {
    const link = { headers: { [ACTIVATION_PARAMS_HEADER]: q } };
    const account = await call(getLinkAccount, undefined, link);
    if (!account.active) await call(activateAccount, { params: { accountGUID: account.accountGUID } }, link);
    return account;
  }
  const account = await call(resolveAccount, { body: { q } });
  if (!account.active) await call(activateUser, { body: { q } });
  return account;
}

function ActivateView({ lang, brandSlug, mode }: Props) {
  const t = useTranslator(lang, 'auth');

  useEffect(() => {
    const toLogin = (type: NotificationType, msg: string, email?: string) => {
      notifyOnNextPage(type, msg);
      location.replace(buildUrl(lang, 'login', brandSlug, {}, email ? { email } : {}));
    };
    const q = new URLSearchParams(location.search).get('q');
    // No link, or not one the server could have made (a header could not even carry some): not resolved.
    if (!q || !linkTokenSchema.safeParse(q).success) {
      toLogin('danger', 'errors.accountNotResolved');
      return;
    }
    void (async () => {
      try {
        const account = await activateFromLink(mode, q);
        if (account.active) return toLogin('info', 'notifications.accountAlreadyActive', account.email);
        toLogin('success', 'notifications.accountActivated', account.email);
      } catch (error) {
        // A link the server can't even read (400 VALIDATION) is one it can't resolve either: no field to correct.
        const key = !(error instanceof ApiError)
          ? 'errors.500'
          : error.code === ErrorCode.validation
            ? 'errors.accountNotResolved'
            : error.messageKey;
        toLogin(key === 'notifications.accountAlreadyActive' ? 'info' : 'danger', key);
      }
    })();
  }, [lang, brandSlug, mode]);

  return (
    <div className="form-card">
      <h1>{t(mode === 'activate' ? 'activate.heading' : 'reactivate.heading')}</h1>
      <p role="status">{t('activate.working')}</p>
    </div>
  );
}

export default island(ActivateView);
