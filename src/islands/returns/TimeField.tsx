import { useId } from 'react';
import type { TFunction } from 'i18next';
import { TIME_STEP_MINUTES } from '../../lib/returns/return-rules.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0'));
const MINUTES = Array.from({ length: 60 / TIME_STEP_MINUTES }, (_, i) =>
  String(i * TIME_STEP_MINUTES).padStart(2, '0'),
);

interface Props {
  t: TFunction;
  label: string;
  /** HH:mm, 24-hour. */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * A 24-hour time (spec 2 §9) as an hour and a minute on the 10-minute grid: the same in every browser and
 * language, unlike the browser's own time input.
 */
export function TimeField({ t, label, value, onChange, error }: Props) {
  const id = useId();
  const errorId = `${id}-error`;
  const [hour = '', minute = ''] = value.split(':');
  const set = (h: string, m: string) => onChange(`${h}:${m}`);
  return (
    <fieldset className="field return-time" aria-describedby={error ? errorId : undefined}>
      <legend>{label}</legend>
      <div className="return-time-parts" dir="ltr">
        <div className="field">
          <label htmlFor={`${id}-hour`}>{t('return.hour')}</label>
          <select
            id={`${id}-hour`}
            value={hour}
            aria-invalid={error ? true : undefined}
            onChange={(e) => set(e.target.value, minute || '00')}
          >
            {HOURS.map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </div>
        <span className="return-time-colon" aria-hidden="true">
          :
        </span>
        <div className="field">
          <label htmlFor={`${id}-minute`}>{t('return.minute')}</label>
          <select
            id={`${id}-minute`}
            value={minute}
            aria-invalid={error ? true : undefined}
            onChange={(e) => set(hour || '00', e.target.value)}
          >
            {MINUTES.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
      </div>
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
