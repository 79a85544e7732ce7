import { Suspense, lazy, useId, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { isIsoDay } from '../../lib/returns/return-rules.ts';
import { formatPickupDay, parsePickupDay } from '../../lib/returns/pickup-day.ts';
import { LoadStatus } from '../ui/LoadStatus.tsx';

const PickupCalendar = lazy(() => import('./PickupCalendar.tsx'));

/** A yyyy-MM-dd day as a local Date (the calendar works in local dates), and back. */
const toDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toDay = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

interface Props {
  t: TFunction;
  lang: Lang;
  label: string;
  /** yyyy-MM-dd once the text reads as a date; what was typed otherwise. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Translation key of the error, if any. */
  error?: string | undefined;
  /** The days that can be chosen (yyyy-MM-dd). */
  first: string;
  last: string;
}

/**
 * A date typed as text or chosen in the calendar (react-day-picker), which opens under the field on demand and
 * loads then. Days outside first..last are disabled in the calendar; a typed one is kept as typed and the form
 * refuses it.
 */
export function DateField({ t, lang, label, value, onChange, onBlur, error, first, last }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const calendarId = `${id}-calendar`;
  const input = useRef<HTMLInputElement>(null);
  const [editing, setEditing] = useState(false);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => formatPickupDay(value, lang));
  const [month, setMonth] = useState(() => toDate(isIsoDay(value) ? value : first));
  const [seen, setSeen] = useState(value);

  // A new value is shown written out (unless the customer is typing it), and the calendar turns to its month.
  if (value !== seen) {
    setSeen(value);
    if (!editing) setText(formatPickupDay(value, lang));
    if (isIsoDay(value) && value >= first && value <= last) setMonth(toDate(value));
  }

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field return-date">
      <label htmlFor={id}>{label}</label>
      <div className="return-date-entry">
        <input
          ref={input}
          id={id}
          type="text"
          dir="auto"
          autoComplete="off"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onFocus={() => setEditing(true)}
          onChange={(e) => {
            setText(e.target.value);
            onChange(parsePickupDay(e.target.value, lang) ?? e.target.value);
          }}
          onBlur={() => {
            setEditing(false);
            setText(formatPickupDay(value, lang));
            onBlur();
          }}
        />
        <button
          type="button"
          className="button button-secondary"
          aria-expanded={open}
          aria-controls={calendarId}
          onClick={() => setOpen(!open)}
        >
          {t(open ? 'return.hideCalendar' : 'return.showCalendar')}
        </button>
      </div>
      <p className="field-hint" id={hintId}>
        {t('return.pickupDateHint', { first: formatPickupDay(first, lang), last: formatPickupDay(last, lang) })}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
      <div id={calendarId} hidden={!open}>
        {open && (
          <Suspense fallback={<LoadStatus t={t} loading error={null} />}>
            <PickupCalendar
              lang={lang}
              label={t('return.calendar')}
              month={month}
              onMonthChange={setMonth}
              first={toDate(first)}
              last={toDate(last)}
              selected={isIsoDay(value) ? toDate(value) : undefined}
              onSelect={(date) => {
                const day = toDay(date);
                setText(formatPickupDay(day, lang));
                onChange(day);
                // Chosen: the calendar closes and the field, now holding the day, has the focus.
                setOpen(false);
                input.current?.focus();
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
