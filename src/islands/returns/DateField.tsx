import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { DayPicker } from 'react-day-picker';
import { ar, enUS } from 'react-day-picker/locale';
import { format, isValid, parse } from 'date-fns';
import type { Lang } from '../../i18n/languages.ts';
import { isIsoDay } from '../../lib/returns/return-rules.ts';

/** Spec 2 §9: the date picker writes dates as dd MMMM yyyy (month names in the page's language). */
export const DATE_FORMAT = 'dd MMMM yyyy';
/** What a typed date may look like, besides DATE_FORMAT. */
const TYPED_FORMATS = [DATE_FORMAT, 'd MMMM yyyy', 'yyyy-MM-dd', 'dd/MM/yyyy', 'd/M/yyyy'];

const localeOf = (lang: Lang) => (lang === 'ar' ? ar : enUS);

/** A yyyy-MM-dd day as a local Date (the calendar works in local dates), and back. */
const toDate = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};
const toDay = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** A day as the page writes it: 22 November 2026, or 22 نوفمبر 2026 in Arabic (Latin digits). */
export function formatPickupDay(day: string, lang: Lang): string {
  return isIsoDay(day) ? format(toDate(day), DATE_FORMAT, { locale: localeOf(lang) }) : day;
}

/** A calendar day's accessible name: 24 November 2026, Tuesday. */
const dayName = (date: Date, lang: Lang) =>
  format(date, lang === 'ar' ? 'd MMMM yyyy، EEEE' : 'd MMMM yyyy, EEEE', { locale: localeOf(lang) });

/** The day a typed text names (in the page's language or English), or null. */
export function parsePickupDay(text: string, lang: Lang): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return null;
  for (const locale of [localeOf(lang), enUS]) {
    for (const pattern of TYPED_FORMATS) {
      const date = parse(trimmed, pattern, new Date(2000, 0, 1), { locale });
      if (isValid(date) && date.getFullYear() >= 1000) return toDay(date);
    }
  }
  return null;
}

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
 * A date typed as text or chosen in the calendar (react-day-picker). Days outside first..last are disabled in the
 * calendar; a typed one is kept as typed and the form refuses it.
 */
export function DateField({ t, lang, label, value, onChange, onBlur, error, first, last }: Props) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(() => formatPickupDay(value, lang));
  const [month, setMonth] = useState(() => toDate(isIsoDay(value) ? value : first));
  const [seen, setSeen] = useState(value);

  // A new value is shown written out (unless the customer is typing it), and the calendar turns to its month.
  if (value !== seen) {
    setSeen(value);
    if (!editing) setText(formatPickupDay(value, lang));
    if (isIsoDay(value) && value >= first && value <= last) setMonth(toDate(value));
  }

  const selected = isIsoDay(value) ? toDate(value) : undefined;
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="field return-date">
      <label htmlFor={id}>{label}</label>
      <input
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
      <p className="field-hint" id={hintId}>
        {t('return.pickupDateHint', { first: formatPickupDay(first, lang), last: formatPickupDay(last, lang) })}
      </p>
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
      <DayPicker
        mode="single"
        className="return-calendar"
        locale={localeOf(lang)}
        dir={lang === 'ar' ? 'rtl' : 'ltr'}
        numerals="latn"
        aria-label={t('return.calendar')}
        // The day's number comes first in its name, as on the button (WCAG 2.5.3 label in name).
        labels={{ labelDayButton: (date) => dayName(date, lang) }}
        today={toDate(first)}
        month={month}
        onMonthChange={setMonth}
        startMonth={toDate(first)}
        endMonth={toDate(last)}
        disabled={[{ before: toDate(first) }, { after: toDate(last) }]}
        selected={selected}
        onSelect={(date) => {
          if (!date) return;
          const day = toDay(date);
          setText(formatPickupDay(day, lang));
          onChange(day);
        }}
      />
    </div>
  );
}
