/** The pickup date's calendar (react-day-picker): loaded when the customer opens it. */
import { DayPicker } from 'react-day-picker';
import { ar, enUS, type DayPickerLocale } from 'react-day-picker/locale';
import { format } from 'date-fns';
import { dirOf, type Lang } from '../../i18n/languages.ts';

interface Props {
  lang: Lang;
  label: string;
  /** The month shown. */
  month: Date;
  onMonthChange: (month: Date) => void;
  /** The first and last days that can be chosen. */
  first: Date;
  last: Date;
  selected: Date | undefined;
  onSelect: (date: Date) => void;
}

/** Per language, the calendar's date-fns locale and the pattern of a day's accessible name: 24 November 2026, Tuesday. */
const CALENDAR: Record<Lang, { locale: DayPickerLocale; dayName: string }> = {
  en: { locale: enUS, dayName: 'd MMMM yyyy, EEEE' },
  ar: { locale: ar, dayName: 'd MMMM yyyy، EEEE' },
};

const dayName = (date: Date, lang: Lang) => format(date, CALENDAR[lang].dayName, { locale: CALENDAR[lang].locale });

export default function PickupCalendar({ lang, label, month, onMonthChange, first, last, selected, onSelect }: Props) {
  return (
    <DayPicker
      mode="single"
      className="return-calendar"
      locale={CALENDAR[lang].locale}
      dir={dirOf(lang)}
      numerals="latn"
      aria-label={label}
      // The day's number comes first in its name, as on the button (WCAG 2.5.3 label in name).
      labels={{ labelDayButton: (date) => dayName(date, lang) }}
      today={first}
      month={month}
      onMonthChange={onMonthChange}
      startMonth={first}
      endMonth={last}
      disabled={[{ before: first }, { after: last }]}
      selected={selected}
      onSelect={(date) => date && onSelect(date)}
    />
  );
}
