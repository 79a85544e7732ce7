import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { localeOf, type Lang } from '../../i18n/languages.ts';
import { birthYears } from '../../lib/profile/profile-rules.ts';

/** Lookup lists of spec 1 §3: days 1 to 31, month names, 100 years descending from the last adult one. */
export function birthDateLists(lang: Lang, today = new Date()) {
  const monthName = new Intl.DateTimeFormat(localeOf(lang), { month: 'long', timeZone: 'UTC' });
  return {
    days: Array.from({ length: 31 }, (_, i) => String(i + 1)),
    months: Array.from({ length: 12 }, (_, i) => ({
      value: String(i + 1),
      label: monthName.format(new Date(Date.UTC(2000, i, 1))),
    })),
    years: birthYears(today).map(String),
  };
}

interface Props {
  lang: Lang;
  t: TFunction;
  day: UseFormRegisterReturn;
  month: UseFormRegisterReturn;
  year: UseFormRegisterReturn;
  /** Translation key of the group's first error. */
  error: string | undefined;
}

/** Date of birth as three selects in one group; the group's first error is announced with it. */
export function BirthDateFields({ lang, t, day, month, year, error }: Props) {
  const id = useId();
  const lists = birthDateLists(lang);
  const errorId = `${id}-error`;
  const described = error ? errorId : undefined;
  const invalid = error ? true : undefined;
  return (
    <fieldset className="field birth-date" aria-describedby={described}>
      <legend>{t('profile.birthDate')}</legend>
      <div className="birth-date-parts">
        <div className="field">
          <label htmlFor={`${id}-d`}>{t('profile.day')}</label>
          <select id={`${id}-d`} aria-invalid={invalid} aria-describedby={described} {...day}>
            <option value="">{t('profile.day')}</option>
            {lists.days.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-m`}>{t('profile.month')}</label>
          <select id={`${id}-m`} aria-invalid={invalid} aria-describedby={described} {...month}>
            <option value="">{t('profile.month')}</option>
            {lists.months.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-y`}>{t('profile.year')}</label>
          <select id={`${id}-y`} aria-invalid={invalid} aria-describedby={described} {...year}>
            <option value="">{t('profile.year')}</option>
            {lists.years.map((y) => (
              <option key={y} value={y}>
                {y}
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
