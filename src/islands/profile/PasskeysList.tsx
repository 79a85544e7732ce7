/**
 * The customer's passkeys (issue 25, scope 1): each with its name, when it was added and last used, and whether
 * it is synced to their other devices; "Add a passkey" under a name, and "Remove". Both want the password given
 * again in the last few minutes: when the API asks for it, the password dialog opens and the change goes on after.
 */
import { useId, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import {
  PASSKEY_NAME_MAX,
  PasskeyErrorCode,
  getPasskeys,
  removePasskey,
  type Passkey,
} from '../../lib/api/passkeys/contract.ts';
import { refetch, setAnswer } from '../../lib/api/query.ts';
import { addAPasskey } from '../../lib/auth/passkey-ceremonies.ts';
import { passkeysSupported, wasCancelled } from '../../lib/auth/passkey-support.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { $passkeys } from '../../lib/profile/settings-queries.ts';
import { deviceName } from '../../lib/sessions/device-name.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { useRecentProof } from './ReauthenticateDialog.tsx';

interface Props {
  lang: Lang;
  guid: string;
}

/** A name to start from: the system this device runs ("Android", "Windows"), which the customer may change. */
function suggestedName(): string {
  const { system, browser } = deviceName(navigator.userAgent);
  return system ?? browser ?? '';
}

export function PasskeysList({ lang, guid }: Props) {
  const t = useTranslator(lang, 'preferences');
  const id = useId();
  const { data, error } = useStore($passkeys);
  const [name, setName] = useState(suggestedName);
  const [nameError, setNameError] = useState<string | null>(null);
  const supported = passkeysSupported();
  const { busy, withProof, dialog } = useRecentProof(lang, (e) => {
    if (wasCancelled(e)) notify('info', 'passkeys.cancelled');
    else if (e instanceof ApiError)
      notify('danger', e.code === PasskeyErrorCode.exists ? 'passkeys.exists' : e.messageKey);
    else notify('danger', 'errors.global');
    refetch(getPasskeys);
  });

  const add = async () => {
    const passkeys = await addAPasskey(guid, name.trim());
    setAnswer(getPasskeys, passkeys);
    notify('success', 'passkeys.added');
  };
  const remove = (passkeyId: string) => async () => {
    setAnswer(getPasskeys, await call(removePasskey, { params: { guid, passkeyId } }));
    notify('success', 'passkeys.removed');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('validation.required');
    if (trimmed.length > PASSKEY_NAME_MAX) return setNameError('validation.tooLong');
    setNameError(null);
    void withProof('add', add);
  };

  return (
    <section className="form-card form-card-wide" aria-labelledby={`${id}-heading`} id="passkeys">
      <h2 id={`${id}-heading`}>{t('passkeys.heading')}</h2>
      <p>{t('passkeys.intro')}</p>
      <LoadStatus
        t={t}
        loading={!data && !error}
        error={error ? 'errors.500' : null}
        onRetry={() => refetch(getPasskeys)}
      />
      {data && data.length === 0 && <p>{t('passkeys.none')}</p>}
      {data && data.length > 0 && (
        <ul className="session-list" aria-labelledby={`${id}-heading`}>
          {data.map((p) => (
            <PasskeyItem
              key={p.id}
              t={t}
              lang={lang}
              passkey={p}
              busy={busy !== null}
              onRemove={() => void withProof(p.id, remove(p.id))}
            />
          ))}
        </ul>
      )}
      {supported ? (
        <form onSubmit={submit} noValidate>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('passkeys.name')}</label>
            <input
              id={`${id}-name`}
              dir="auto"
              value={name}
              maxLength={PASSKEY_NAME_MAX + 20}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={`${id}-name-hint${nameError ? ` ${id}-name-error` : ''}`}
              onChange={(event) => setName(event.target.value)}
            />
            <p className="field-hint" id={`${id}-name-hint`}>
              {t('passkeys.nameHint')}
            </p>
            {nameError && (
              <p className="field-error" id={`${id}-name-error`}>
                {t(nameError)}
              </p>
            )}
          </div>
          <button type="submit" className="button" disabled={busy !== null} aria-busy={busy === 'add' || undefined}>
            {t('passkeys.add')}
          </button>
        </form>
      ) : (
        <p>{t('passkeys.unsupported')}</p>
      )}
      {dialog}
    </section>
  );
}

function PasskeyItem({
  t,
  lang,
  passkey,
  busy,
  onRemove,
}: {
  t: TFunction;
  lang: Lang;
  passkey: Passkey;
  busy: boolean;
  onRemove: () => void;
}) {
  const when = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className="session-item">
      <p className="session-device">
        <strong dir="auto">{passkey.name}</strong>
        {passkey.synced && <span className="badge">{t('passkeys.synced')}</span>}
      </p>
      <dl className="session-facts">
        <div>
          <dt>{t('passkeys.created')}</dt>
          <dd>{when.format(new Date(passkey.createdAt))}</dd>
        </div>
        <div>
          <dt>{t('passkeys.lastUsed')}</dt>
          <dd>{passkey.lastUsedAt ? when.format(new Date(passkey.lastUsedAt)) : t('passkeys.neverUsed')}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button-secondary"
        disabled={busy}
        aria-label={t('passkeys.removeOne', { name: passkey.name })}
        onClick={onRemove}
      >
        {t('passkeys.remove')}
      </button>
    </li>
  );
}
