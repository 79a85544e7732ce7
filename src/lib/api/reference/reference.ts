import { z } from '../../zod.ts';
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  citiesResponseSchema,
  countryByClientSchema,
  idTypesResponseSchema,
  membershipPlansResponseSchema,
  type City,
  type IdType,
  type MembershipPlansResponse,
} from './contract.ts';

export function getMembershipPlans(countryCode: string): Promise<MembershipPlansResponse> {
  return call(membershipPlansResponseSchema, () => http.get(`v1/countries/${countryCode}/membershipplans`));
}

/** The visitor's country as the network reports it, or null when unknown. */
export async function getCountryByClient(): Promise<string | null> {
  return (await call(countryByClientSchema, () => http.get('v1/countries/resolvebyclient'))).countryCode;
}

/** Cities of a country whose name starts with `prefix`. */
export function findCities(countryCode: string, prefix: string, signal?: AbortSignal): Promise<City[]> {
  return call(citiesResponseSchema, () =>
    http.get(`shareddata/${countryCode}/city/${encodeURIComponent(prefix)}`, signal ? { signal } : {}),
  );
}

export function getIdTypes(countryCode: string, currentIdType: string | null): Promise<IdType[]> {
  return call(z.pipe(z.array(z.string()), idTypesResponseSchema), () =>
    http.get(`v1/countries/${countryCode}/idTypes`, {
      searchParams: currentIdType ? { currentIdType } : {},
    }),
  );
}
