/**
 * The account's sessions (issue 25, scope 2): each device logged in, with its browser and system, the country its
 * login came from, when it logged in and was last seen, this device marked; "Log out" ends one, and "Log out
 * everywhere else" every one but this device's. The list shown is the server's answer after each.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import {
  endAccountSession,
  endOtherSessions,
  getAccountSessions,
  type AccountSession,
} from '../../lib/api/sessions/contract.ts';
import { call } from '../../lib/api/call.ts';
import { refetch, setAnswer } from '../../lib/api/query.ts';
import { $accountSessions } from '../../lib/profile/settings-queries.ts';
import { SESSIONS_ANCHOR } from '../../lib/sessions/sessions-link.ts';
import { regionName } from '../../lib/reference/region-names.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { useTranslator } from '../ui/i18n/use-translator.ts';

interface Props {
  lang: Lang;
  guid: string;
}

export function SessionsList({ lang, guid }: Props) {
  const t = useTranslator(lang, 'preferences');
  const id = useId();
  const { data, error } = useStore($accountSessions);
  /** The session being logged out ('others' for all but this one), while its call runs. */
  const [ending, setEnding] = useState<string | null>(null);

  const end = async (which: string) => {
    if (ending) return;
    setEnding(which);
    try {
      const left =
        which === 'others'
          ? await call(endOtherSessions, { params: { guid } })
          : await call(endAccountSession, { params: { guid, sessionId: which } });
      setAnswer(getAccountSessions, left);
      notify('success', which === 'others' ? 'sessions.endedOthers' : 'sessions.ended');
    } catch {
      notify('danger', 'errors.500');
      refetch(getAccountSessions);
    } finally {
      setEnding(null);
    }
  };

  // Opened from the new-device e-mail (…/edit-profile#sessions): the list came after the browser looked for the
  // anchor, so it goes there itself once it shows.
  const section = useRef<HTMLElement>(null);
  const shown = data !== undefined;
  useEffect(() => {
    if (shown && location.hash === `#${SESSIONS_ANCHOR}`) section.current?.scrollIntoView();
  }, [shown]);

  const others = data?.filter((s) => !s.current).length ?? 0;
  return (
    <section ref={section} id={SESSIONS_ANCHOR} className="form-card form-card-wide" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('sessions.heading')}</h2>
      <p>{t('sessions.intro')}</p>
      <LoadStatus
        t={t}
        loading={!data && !error}
        error={error ? 'errors.500' : null}
        onRetry={() => refetch(getAccountSessions)}
      />
      {data && (
        <ul className="session-list" aria-labelledby={`${id}-heading`}>
          {data.map((s) => (
            <SessionItem key={s.id} t={t} lang={lang} session={s} busy={ending !== null} onEnd={() => void end(s.id)} />
          ))}
        </ul>
      )}
      {others > 0 && (
        <button type="button" className="button" disabled={ending !== null} onClick={() => void end('others')}>
          {t('sessions.endOthers')}
        </button>
      )}
    </section>
  );
}

/**
 * The device a session was opened from: "Chrome on Windows" in the page's language, the browser's and the system's
 * names isolated (they are product names, written as their makers write them, and read left to right in Arabic).
 */
function DeviceName({ t, browser, system }: { t: TFunction; browser: string | null; system: string | null }) {
  if (browser && system) {
    const text = t('sessions.device', { browser: '{browser}', system: '{system}' });
    return (
      <>
        {text
          .split(/(\{browser\}|\{system\})/)
          .map((part, i) =>
            part === '{browser}' ? (
              <bdi key={i}>{browser}</bdi>
            ) : part === '{system}' ? (
              <bdi key={i}>{system}</bdi>
            ) : (
              part
            ),
          )}
      </>
    );
  }
  const name = browser ?? system;
  return name ? <bdi>{name}</bdi> : <>{t('sessions.unknownDevice')}</>;
}

function SessionItem({
  t,
  lang,
  session,
  busy,
  onEnd,
}: {
  t: TFunction;
  lang: Lang;
  session: AccountSession;
  busy: boolean;
  onEnd: () => void;
}) {
  const when = new Intl.DateTimeFormat(localeOf(lang), { dateStyle: 'medium', timeStyle: 'short' });
  // The button's name, where no markup can isolate the names.
  const device =
    session.browser && session.system
      ? t('sessions.device', { browser: session.browser, system: session.system })
      : (session.browser ?? session.system ?? t('sessions.unknownDevice'));
  return (
    <li className="session-item">
      <p className="session-device">
        <strong>
          <DeviceName t={t} browser={session.browser} system={session.system} />
        </strong>
        {session.current && <span className="badge">{t('sessions.thisDevice')}</span>}
      </p>
      <dl className="session-facts">
        <div>
          <dt>{t('sessions.place')}</dt>
          <dd>{session.countryCode ? regionName(session.countryCode, lang) : t('sessions.unknownPlace')}</dd>
        </div>
        <div>
          <dt>{t('sessions.loggedIn')}</dt>
          <dd>{when.format(new Date(session.createdAt))}</dd>
        </div>
        <div>
          <dt>{t('sessions.lastSeen')}</dt>
          <dd>{when.format(new Date(session.lastSeenAt))}</dd>
        </div>
      </dl>
      {!session.current && (
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          aria-label={t('sessions.endOne', { device })}
          onClick={onEnd}
        >
          {t('sessions.end')}
        </button>
      )}
    </li>
  );
}
