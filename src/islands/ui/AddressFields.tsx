import { useCallback } from 'react';
import {
  get,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import type { TFunction } from 'i18next';
import type { City } from '../../lib/api/reference/contract.ts';
import type { CountryOption } from '../../lib/reference/countries.ts';
import { zipCodeRequired } from '../../lib/profile/profile-rules.ts';
import type { Lang } from '../../i18n/languages.ts';
import { TextField } from './TextField.tsx';
import { CityField } from './CityField.tsx';
import { ThreeWordField } from './three-words/ThreeWordField.tsx';

type Part = 'line1' | 'line2' | 'city' | 'zipCode' | 'state' | 'w3wAddress';

/** The `fields` and `errors` of AddressFields for a form whose address parts have the given names. */
export function addressBindings<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  names: Record<Part, Path<T>>,
): { fields: Record<Part, UseFormRegisterReturn>; errors: Partial<Record<Part, string | undefined>> } {
  const each = <V,>(of: (part: Part) => V): Record<Part, V> => ({
    line1: of('line1'),
    line2: of('line2'),
    city: of('city'),
    zipCode: of('zipCode'),
    state: of('state'),
    w3wAddress: of('w3wAddress'),
  });
  return {
    fields: each((part) => register(names[part])),
    errors: each((part) => (get(errors, names[part]) as { message?: string } | undefined)?.message),
  };
}

interface Props {
  t: TFunction;
  lang: Lang;
  country: CountryOption;
  /** The city typed so far, for the suggestions. */
  city: string;
  /** The first street line typed so far: the three-word picker starts there. */
  street: string;
  fields: Record<Part, UseFormRegisterReturn>;
  /** Translation keys of the errors, per part. */
  errors: Partial<Record<Part, string | undefined>>;
  /** Fills zip code and state from a chosen city where they are still empty, and the picked three-word address. */
  fill: (part: 'zipCode' | 'state' | 'w3wAddress', value: string) => void;
  current: (part: 'zipCode' | 'state') => string;
}

/**
 * An address in the customer's country (shipping details, profile): street lines, city with suggestions,
 * zip code (required where the country says so), state, and the three-word address where the country uses it.
 */
export function AddressFields({ t, lang, country, city, street, fields, errors, fill, current }: Props) {
  const onCity = useCallback(
    (found: City) => {
      if (found.zipCode && !current('zipCode')) fill('zipCode', found.zipCode);
      if (found.state && !current('state')) fill('state', found.state);
    },
    [fill, current],
  );
  return (
    <>
      <TextField
        t={t}
        label={t('shipping.addressLine1')}
        autoComplete="address-line1"
        registration={fields.line1}
        error={errors.line1}
      />
      <TextField
        t={t}
        label={t('shipping.addressLine2')}
        autoComplete="address-line2"
        registration={fields.line2}
        error={errors.line2}
      />
      <CityField
        t={t}
        countryCode={country.code}
        value={city}
        registration={fields.city}
        error={errors.city}
        onCity={onCity}
      />
      <div className="form-columns">
        <TextField
          t={t}
          label={t(zipCodeRequired(country) ? 'shipping.zipCode' : 'shipping.zipCodeOptional')}
          autoComplete="postal-code"
          dir="ltr"
          registration={fields.zipCode}
          error={errors.zipCode}
        />
        <TextField
          t={t}
          label={t('shipping.state')}
          autoComplete="address-level1"
          registration={fields.state}
          error={errors.state}
        />
      </div>
      {/* The flag GET api/v1/countries/{code}/settings/enableWhat3Words answers, read here from the same built-in
          data as the form's other country facts (ADR 009), so drawing the form asks nothing. */}
      {country.enableWhat3Words && (
        <ThreeWordField
          t={t}
          lang={lang}
          registration={fields.w3wAddress}
          error={errors.w3wAddress}
          countryCode={country.code}
          city={city}
          street={street}
          onPick={(words) => fill('w3wAddress', words)}
        />
      )}
    </>
  );
}
