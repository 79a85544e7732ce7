/**
 * Notifications on this device (issue 26, scope 3; docs/decisions/038): one switch, shown only where the browser
 * can take push messages and the site's service worker is active. Turning it on asks the browser's permission
 * (only then), subscribes and tells the API; off unsubscribes both. A permission the browser blocks is explained,
 * with where to allow it. The outcome is announced beside the switch.
 */
import { useEffect, useId, useState } from 'react';
import type { Lang } from '../../i18n/languages.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { PUSH_ERROR_KEYS } from '../../lib/api/push/errors.ts';
import { isOnHere, pushRegistration, turnOff, turnOn } from '../../lib/push/device-push.ts';
import { useTranslator } from '../ui/i18n/use-translator.ts';

interface Props {
  lang: Lang;
  guid: string;
}

/** The message key of a failure to turn notifications on or off. */
function failureKey(error: unknown, turningOn: boolean): string {
  if (error instanceof ApiError) {
    const own =
      PUSH_ERROR_KEYS[error.code] ??
      Object.values(error.fieldErrors)
        .flat()
        .find((k) => k.startsWith('push.'));
    return own ?? error.messageKey;
  }
  // The push service refused or could not be reached (a DOMException from PushManager.subscribe()).
  return turningOn ? 'push.failed' : 'errors.500';
}

export function PushSettings({ lang, guid }: Props) {
  const t = useTranslator(lang, 'preferences');
  const id = useId();
  const [registration, setRegistration] = useState<ServiceWorkerRegistration | null>(null);
  /** null while this device's state is read. */
  const [on, setOn] = useState<boolean | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void pushRegistration().then(async (found) => {
      if (!found || !live) return;
      setRegistration(found);
      setBlocked(Notification.permission === 'denied');
      const here = await isOnHere(found, guid).catch(() => false);
      if (live) setOn(here);
    });
    return () => {
      live = false;
    };
  }, [guid]);

  // Where the browser can't show push messages, or no service worker runs, there is nothing to turn on.
  if (!registration) return null;

  const flip = async (next: boolean) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    // The switch moves at once, busy until the browser and the API have answered; it moves back if they refuse.
    const before = on;
    setOn(next);
    try {
      if (next) {
        const outcome = await turnOn(registration, guid, lang);
        setBlocked(outcome === 'denied');
        setOn(outcome === 'on');
        setStatus(outcome === 'on' ? 'push.on' : outcome === 'denied' ? 'push.denied' : 'push.dismissed');
      } else {
        await turnOff(registration, guid);
        setOn(false);
        setStatus('push.off');
      }
    } catch (error) {
      setOn(before);
      setStatus(failureKey(error, next));
    } finally {
      setBusy(false);
    }
  };

  const describedBy = [`${id}-hint`, blocked && status !== 'push.denied' ? `${id}-blocked` : ''].filter(Boolean);
  return (
    <section className="form-card form-card-wide" aria-labelledby={`${id}-heading`} id="notifications">
      <h2 id={`${id}-heading`}>{t('push.heading')}</h2>
      <p>{t('push.intro')}</p>
      <div className="field field-check">
        <input
          id={`${id}-switch`}
          type="checkbox"
          role="switch"
          checked={on === true}
          disabled={on === null}
          aria-describedby={describedBy.join(' ')}
          aria-busy={busy || undefined}
          onChange={(event) => void flip(event.target.checked)}
        />
        <label htmlFor={`${id}-switch`}>{t('push.label')}</label>
        <p className="field-hint" id={`${id}-hint`}>
          {t('push.hint')}
        </p>
        {blocked && status !== 'push.denied' && (
          <p className="field-hint" id={`${id}-blocked`}>
            {t('push.denied')}
          </p>
        )}
      </div>
      <p role="status" className="field-hint">
        {status ? t(status) : ''}
      </p>
    </section>
  );
}
