/** Loads the reference data files of src/content/data, parsed with their schemas. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  countriesSchema,
  countryCitiesListSchema,
  countryPlansListSchema,
  countryRatesSchema,
  currenciesSchema,
  officesSchema,
} from '../../src/lib/reference/schemas.ts';

const DATA = join(import.meta.dirname, '..', '..', 'src', 'content', 'data');

function load<S extends z.core.$ZodType>(file: string, schema: S): z.core.output<S> {
  return z.parse(schema, JSON.parse(readFileSync(join(DATA, file), 'utf8')));
}

export function loadReferenceData() {
  return {
    countries: load('countries.json', countriesSchema),
    plans: load('plans.json', countryPlansListSchema),
    offices: load('offices.json', officesSchema),
    currencies: load('currencies.json', currenciesSchema),
    countryRates: load('country-rates.json', countryRatesSchema),
    cities: load('cities.json', countryCitiesListSchema),
  };
}
