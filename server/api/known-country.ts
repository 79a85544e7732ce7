import type { Db } from '../db/database.ts';
import { findCountry, type CountryRow } from '../reference/lookups.ts';
import { notFound } from './http-errors.ts';

/** The country of a path's code (any case), or a 404: a malformed code names no country either. */
export async function knownCountry(db: Db, code: string | undefined): Promise<CountryRow> {
  const country = await findCountry(db, code);
  if (!country) throw notFound();
  return country;
}
