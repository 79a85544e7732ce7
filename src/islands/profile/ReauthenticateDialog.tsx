/**
 * Asks the customer for their password again before a change to how the account logs in (a passkey added or
 * removed, the second step turned on or off): POST api/users/AuthenticateUser, which the server's
 * requireRecentProof reads for the next few minutes. A modal on the native dialog element: focus moves in and
 * back, Escape cancels.
 */
import { AccountSecurityErrorCode } from '../../lib/api/account-security-errors.ts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { call } from '../../lib/api/call.ts';
import { useStore } from '@nanostores/react';
import { ApiError } from '../../lib/api/errors.ts';
import { $session } from '../../lib/session/session-store.ts';
import { authenticateUser } from '../../lib/api/users/contract.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';

interface Props {
  lang: Lang;
  /** The logged-in customer's e-mail. */
  email: string;
  open: boolean;
  /** The password was right: the change may go ahead. */
  onProved: () => void;
  onCancel: () => void;
}

export function ReauthenticateDialog({ lang, email, open, onProved, onCancel }: Props) {
  const t = useTranslator(lang, 'preferences');
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setPassword('');
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setError('validation.required');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await call(authenticateUser, { body: { email, password } });
      setPassword('');
      onProved();
    } catch (e) {
      setError(e instanceof ApiError ? e.messageKey : 'errors.global');
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-intro`}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <h2 id={`${id}-title`}>{t('reauth.heading')}</h2>
        <p id={`${id}-intro`}>{t('reauth.intro')}</p>
        {/* For password managers: the account the password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <div className="field">
          <label htmlFor={`${id}-password`}>{t('reauth.password')}</label>
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => setPassword(event.target.value)}
          />
          {error && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {t(error)}
            </p>
          )}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('reauth.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {t('reauth.submit')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * Changes to how the customer logs in, with the password asked again when the API wants it: `withProof(which,
 * change)` runs the change; on 403 REAUTHENTICATION_REQUIRED the password dialog (`dialog`, to render in the
 * section) opens, and once the password is right the same change runs again. `busy` names the change running.
 * Any other failure goes to `onFailed`.
 */
export function useRecentProof(lang: Lang, onFailed: (error: unknown) => void) {
  const email = useStore($session)?.email ?? '';
  const [busy, setBusy] = useState<string | null>(null);
  /** The change waiting for the password, if the API asked for it. */
  const [waiting, setWaiting] = useState<(() => Promise<void>) | null>(null);

  const withProof = async (which: string, change: () => Promise<void>) => {
    setBusy(which);
    try {
      await change();
    } catch (e) {
      if (e instanceof ApiError && e.code === AccountSecurityErrorCode.reauthenticationRequired)
        setWaiting(() => change);
      else onFailed(e);
    } finally {
      setBusy(null);
    }
  };

  const dialog = (
    <ReauthenticateDialog
      lang={lang}
      email={email}
      open={waiting !== null}
      onCancel={() => setWaiting(null)}
      onProved={() => {
        const change = waiting;
        setWaiting(null);
        if (change) void withProof('retry', change);
      }}
    />
  );
  return { busy, withProof, dialog, email };
}
