import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { Lang } from '../../i18n/languages.ts';
import { buildUrl } from '../../lib/routes/paths.ts';
import { countryOptions } from '../../lib/reference/countries.ts';
import { validateOfficeCountry } from '../../lib/widgets/office-countries.ts';
import { TOOL_FORM_IDS } from '../../lib/widgets/tool-forms.ts';
import { SelectField } from '../ui/SelectField.tsx';
import { useHydrated } from '../ui/use-hydrated.ts';
import { useKeptValues } from '../ui/use-kept-values.ts';
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

/**
 * Office locator (spec 2 §2): opens the locator on a country's offices; a link leads to all of them. A plain GET
 * form to the locator until the island wakes: the server opens the country's page (src/lib/routes/form-answers.ts).
 */
export function OfficeLocatorTool({ t, lang, brandSlug, officeCountries }: Props) {
  const hydrated = useHydrated();
  const options = useMemo(
    () => countryOptions(lang).filter((o) => officeCountries.includes(o.value)),
    [lang, officeCountries],
  );
  const resolver = useMemo(
    () => checkedResolver((form: OfficeForm) => validateOfficeCountry(form, officeCountries)),
    [officeCountries],
  );
  const form = useForm<OfficeForm, unknown, OfficeForm>({ resolver, defaultValues: { countryCode: '' } });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  useKeptValues(TOOL_FORM_IDS.office, form);

  const open = ({ countryCode }: OfficeForm) => {
    location.assign(buildUrl(lang, 'office-locator.country', brandSlug, { countryCode }));
  };

  return (
    <form
      id={TOOL_FORM_IDS.office}
      className="tool-form"
      method="get"
      action={buildUrl(lang, 'office-locator', brandSlug)}
      onSubmit={handleSubmit(open)}
      noValidate={hydrated}
    >
      <SelectField
        t={t}
        label={t('widgets.office.country')}
        placeholder={t('widgets.office.chooseCountry')}
        required
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
