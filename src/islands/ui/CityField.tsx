import { useEffect, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { call } from '../../lib/api/call.ts';
import { getCities, type City } from '../../lib/api/reference/contract.ts';

interface Props {
  t: TFunction;
  countryCode: string;
  /** The field's current value. */
  value: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  /** Called when the value names a city of the list, with its zip code and state. */
  onCity: (city: City) => void;
}

/** City with suggestions from the city lookup (spec 2 §7 {code}/city/{name}), offered as a native list. */
export function CityField({ t, countryCode, value, registration, error, onCity }: Props) {
  const id = useId();
  const [cities, setCities] = useState<City[]>([]);
  const prefix = value.trim();

  useEffect(() => {
    if (prefix.length < 2 || !countryCode) return;
    const abort = new AbortController();
    const timer = setTimeout(() => {
      call(getCities, { params: { code: countryCode, name: prefix } }, { signal: abort.signal })
        .then((found) => {
          setCities(found);
          const exact = found.find((c) => c.cityName.toLowerCase() === prefix.toLowerCase());
          if (exact) onCity(exact);
        })
        .catch(() => setCities([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [prefix, countryCode, onCity]);

  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{t('shipping.city')}</label>
      <input
        id={id}
        list={`${id}-list`}
        dir="auto"
        autoComplete="address-level2"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...registration}
      />
      <datalist id={`${id}-list`}>
        {(prefix.length < 2 ? [] : cities).map((c) => (
          <option key={c.cityName} value={c.cityName} />
        ))}
      </datalist>
      {error && (
        <p className="field-error" id={errorId}>
          {t(error)}
        </p>
      )}
    </div>
  );
}
