/**
 * Two-step login in the profile (issue 25, scope 4): whether password logins ask for a code, and how many recovery
 * codes are left. Setting it up shows a QR code (an image the server made) and the key to type by hand, then
 * asks for the app's code; turning it on shows ten recovery codes once, to copy or download. Setting up, turning
 * off and new recovery codes want the password given again in the last few minutes: when the API asks for it, the
 * password dialog opens and the change goes on after.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { call } from '../../lib/api/call.ts';
import { ApiError } from '../../lib/api/errors.ts';
import { query, refetch, setAnswer } from '../../lib/api/query.ts';
import {
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  renewRecoveryCodes,
  startTwoFactorSetup,
  type TwoFactorSetup,
} from '../../lib/api/two-factor/contract.ts';
import { notify } from '../../lib/notifications/notifications.ts';
import { forCustomer } from '../../lib/session/session-store.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';
import { useTranslator } from '../ui/i18n/use-translator.ts';
import { useRecentProof } from './ReauthenticateDialog.tsx';

/** The second step's state, asked once per page and set from what each change answers. */
const $twoFactorStatus = query(
  getTwoFactorStatus,
  forCustomer((guid) => ({ params: { guid } })),
);

type Phase = { name: 'status' } | { name: 'setup'; setup: TwoFactorSetup } | { name: 'codes'; codes: string[] };

interface Props {
  lang: Lang;
  guid: string;
}

export function TwoFactorSettings({ lang, guid }: Props) {
  const t = useTranslator(lang, 'preferences');
  const id = useId();
  const { data, error } = useStore($twoFactorStatus);
  const [phase, setPhase] = useState<Phase>({ name: 'status' });
  const { busy, withProof, dialog, email } = useRecentProof(lang, (e) => {
    notify('danger', e instanceof ApiError ? e.messageKey : 'errors.global');
    refetch(getTwoFactorStatus);
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Each new view of the section takes the focus to its heading, so a keyboard or screen reader follows.
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [phase.name]);

  const setUp = async () => {
    setPhase({ name: 'setup', setup: await call(startTwoFactorSetup, { params: { guid } }) });
  };
  const turnOff = async () => {
    setAnswer(getTwoFactorStatus, await call(disableTwoFactor, { params: { guid } }));
    setPhase({ name: 'status' });
    notify('success', 'twoFactor.turnedOff');
  };
  const newCodes = async () => {
    const { recoveryCodes } = await call(renewRecoveryCodes, { params: { guid } });
    setPhase({ name: 'codes', codes: recoveryCodes });
    refetch(getTwoFactorStatus);
  };

  return (
    <section className="form-card form-card-wide" aria-labelledby={`${id}-heading`} id="two-step-login">
      <h2 id={`${id}-heading`} ref={phase.name === 'status' ? heading : undefined} tabIndex={-1}>
        {t('twoFactor.heading')}
      </h2>
      <p>{t('twoFactor.intro')}</p>
      {phase.name === 'status' && (
        <>
          <LoadStatus
            t={t}
            loading={!data && !error}
            error={error ? 'errors.500' : null}
            onRetry={() => refetch(getTwoFactorStatus)}
          />
          {data && (
            <>
              <p>
                <strong>{t(data.enabled ? 'twoFactor.isOn' : 'twoFactor.isOff')}</strong>
              </p>
              {data.enabled && <p>{t('twoFactor.codesLeft', { left: data.recoveryCodesLeft })}</p>}
              <div className="two-factor-actions">
                {data.enabled ? (
                  <>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy !== null}
                      aria-busy={busy === 'codes' || undefined}
                      onClick={() => void withProof('codes', newCodes)}
                    >
                      {t('twoFactor.newCodes')}
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy !== null}
                      aria-busy={busy === 'off' || undefined}
                      onClick={() => void withProof('off', turnOff)}
                    >
                      {t('twoFactor.turnOff')}
                    </button>
                  </>
                ) : (
                  <button
                    type="button"
                    className="button"
                    disabled={busy !== null}
                    aria-busy={busy === 'setup' || undefined}
                    onClick={() => void withProof('setup', setUp)}
                  >
                    {t('twoFactor.setUp')}
                  </button>
                )}
              </div>
            </>
          )}
        </>
      )}
      {phase.name === 'setup' && (
        <SetupStep
          t={t}
          guid={guid}
          setup={phase.setup}
          headingRef={heading}
          onDone={(codes) => {
            setPhase({ name: 'codes', codes });
            refetch(getTwoFactorStatus);
            notify('success', 'twoFactor.turnedOn');
          }}
          onCancel={() => setPhase({ name: 'status' })}
        />
      )}
      {phase.name === 'codes' && (
        <RecoveryCodesView
          t={t}
          email={email}
          codes={phase.codes}
          headingRef={heading}
          onDone={() => setPhase({ name: 'status' })}
        />
      )}
      {dialog}
    </section>
  );
}

function SetupStep({
  t,
  guid,
  setup,
  headingRef,
  onDone,
  onCancel,
}: {
  t: TFunction;
  guid: string;
  setup: TwoFactorSetup;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const typed = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(typed)) {
      setCodeError('twoFactor.codeFormat');
      return;
    }
    setBusy(true);
    setCodeError(null);
    try {
      const { recoveryCodes } = await call(confirmTwoFactor, { params: { guid }, body: { code: typed } });
      onDone(recoveryCodes);
    } catch (e) {
      setCodeError(e instanceof ApiError ? e.messageKey : 'errors.global');
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <h3 ref={headingRef} tabIndex={-1}>
        {t('twoFactor.scanHeading')}
      </h3>
      <img className="two-factor-qr" src={setup.qrCode} alt={t('twoFactor.qrAlt')} width="192" height="192" />
      <p>{t('twoFactor.keyLabel')}</p>
      <p>
        <code className="two-factor-key" dir="ltr">
          {setup.secret}
        </code>
      </p>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t('twoFactor.codeLabel')}</label>
        <input
          id={`${id}-code`}
          name="code"
          type="text"
          dir="ltr"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={7}
          value={code}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={codeError ? `${id}-code-error` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        {codeError && (
          <p className="field-error" id={`${id}-code-error`} role="alert">
            {t(codeError)}
          </p>
        )}
      </div>
      <div className="two-factor-actions">
        <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
          {t('twoFactor.confirm')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}

function RecoveryCodesView({
  t,
  email,
  codes,
  headingRef,
  onDone,
}: {
  t: TFunction;
  email: string;
  codes: string[];
  headingRef: RefObject<HTMLHeadingElement | null>;
  onDone: () => void;
}) {
  const id = useId();
  const text = `${t('twoFactor.codesFile', { email })}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notify('success', 'twoFactor.copied');
    } catch {
      notify('danger', 'errors.global');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  return (
    <div>
      <h3 ref={headingRef} tabIndex={-1} id={`${id}-heading`}>
        {t('twoFactor.codesHeading')}
      </h3>
      <p className="form-alert form-alert-warning">{t('twoFactor.codesWarning')}</p>
      <ol className="recovery-codes" dir="ltr" aria-labelledby={`${id}-heading`}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="two-factor-actions">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>
          {t('twoFactor.copy')}
        </button>
        <button type="button" className="button button-secondary" onClick={download}>
          {t('twoFactor.download')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('twoFactor.done')}
        </button>
      </div>
    </div>
  );
}
