import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { countryOptions } from '../../lib/reference/countries.ts';
import { validateOfficeCountry } from '../../lib/widgets/office-countries.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { checkedResolver } from './checked-resolver.ts';

interface Props {
  t: TFunction;
  lang: Lang;
  brandSlug: string;
  /** Codes of the countries with offices. */
  officeCountries: readonly string[];
}

interface OfficeForm {
  countryCode: string;
}

/** Office locator (spec 2 §2): opens the locator on a country's offices; a link leads to all of them. */
export function OfficeLocatorTool({ t, lang, brandSlug, officeCountries }: Props) {
  const options = useMemo(
    () => countryOptions(lang).filter((o) => officeCountries.includes(o.value)),
    [lang, officeCountries],
  );
  const resolver = useMemo(
    () => checkedResolver((form: OfficeForm) => validateOfficeCountry(form, officeCountries)),
    [officeCountries],
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<OfficeForm, unknown, OfficeForm>({ resolver, defaultValues: { countryCode: '' } });

  const open = ({ countryCode }: OfficeForm) => {
    location.assign(buildUrl(lang, 'office-locator.country', brandSlug, { countryCode }));
  };

  return (
    <form className="tool-form" onSubmit={handleSubmit(open)} noValidate>
      <SelectField
        t={t}
        label={t('widgets.office.country')}
        placeholder={t('widgets.office.chooseCountry')}
        options={options}
        registration={register('countryCode')}
        error={errors.countryCode?.message}
      />
      <div className="tool-actions">
        <button type="submit" className="button">
          {t('widgets.office.submit')}
        </button>
        <a className="tool-link" href={buildUrl(lang, 'office-locator', brandSlug)}>
          {t('widgets.office.all')}
        </a>
      </div>
    </form>
  );
}
