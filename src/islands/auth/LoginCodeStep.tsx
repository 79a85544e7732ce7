/**
 * The second step of a password login (issue 25, scope 4), shown in the login form when the API answers
 * OTP_REQUIRED: the code of the customer's authenticator app, or one of their recovery codes instead. The e-mail
 * and password stay in the form, which sends them again with the code.
 */
import { useEffect, useId, useRef } from 'react';
import type { TFunction } from 'i18next';

export type CodeKind = 'otp' | 'recovery';

/** The code as the API takes it, or the key of what is wrong with it. */
export function typedCode(
  kind: CodeKind,
  typed: string,
): { otp: string } | { recoveryCode: string } | { error: string } {
  const code = typed.replace(/\s/g, '');
  if (kind === 'recovery') return code ? { recoveryCode: code } : { error: 'validation.required' };
  return /^\d{6}$/.test(code) ? { otp: code } : { error: 'twoFactor.login.codeFormat' };
}

interface Props {
  t: TFunction;
  kind: CodeKind;
  value: string;
  /** Key of the field's error, if any. */
  error: string | null;
  onChange: (value: string) => void;
  onSwitch: (kind: CodeKind) => void;
}

export function LoginCodeStep({ t, kind, value, error, onChange, onSwitch }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const otp = kind === 'otp';
  // The customer asked for this step (submitted the password, or chose the other kind of code): the caret goes there.
  useEffect(() => input.current?.focus(), [kind]);
  const describedBy = [`${id}-intro`, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="login-code-step">
      <p id={`${id}-intro`}>{t(otp ? 'twoFactor.login.intro' : 'twoFactor.login.recoveryIntro')}</p>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t(otp ? 'twoFactor.login.code' : 'twoFactor.login.recoveryCode')}</label>
        <input
          // A new field for each kind: the browser's one-time-code autofill belongs to the app's code only.
          key={kind}
          ref={input}
          id={`${id}-code`}
          name={otp ? 'otp' : 'recoveryCode'}
          type="text"
          dir="ltr"
          autoComplete={otp ? 'one-time-code' : 'off'}
          inputMode={otp ? 'numeric' : 'text'}
          maxLength={otp ? 7 : 24}
          spellCheck={false}
          autoCapitalize="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        {error && (
          <p className="field-error" id={`${id}-error`}>
            {t(error)}
          </p>
        )}
      </div>
      <button type="button" className="link-button" onClick={() => onSwitch(otp ? 'recovery' : 'otp')}>
        {t(otp ? 'twoFactor.login.useRecovery' : 'twoFactor.login.useApp')}
      </button>
    </div>
  );
}
