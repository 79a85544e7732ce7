/** The service options calls (spec 2 §7): offices, the options a country offers, and the customer's choice. */
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  currentServiceOptionSchema,
  deliveryAddressSchema,
  placeOptionSchema,
  placesSchema,
  serviceOptionsSchema,
  type CurrentServiceOption,
  type DeliveryAddress,
  type Place,
  type PlaceOption,
} from './contract.ts';

/** The offices of a country (lockers 1, outlets 3, receptions 4), named in `lang`. */
export function getLocations(
  countryCode: string,
  lang: 'en' | 'ar',
  typeIds: readonly number[] = [1, 3, 4],
): Promise<Place[]> {
  return call(placesSchema, () =>
    http.get('v1/locations', { searchParams: { countrycode: countryCode, typeids: typeIds.join(','), lang } }),
  );
}

export function getCountryServiceOptions(countryCode: string) {
  return call(serviceOptionsSchema, () => http.get(`v1/countries/${countryCode}/ServiceOptions`));
}

export function getServiceOption(guid: string): Promise<CurrentServiceOption> {
  return call(currentServiceOptionSchema, () => http.get(`v1/account/${guid}/ServiceOption`));
}

export type PlaceOptionKind = 'locker' | 'pickup';

export function getPlaceOption(guid: string, kind: PlaceOptionKind): Promise<PlaceOption> {
  return call(placeOptionSchema, () => http.get(`v1/account/${guid}/ServiceOptions/${kind}`));
}

/** Collect parcels from this locker or office from now on. */
export function setPlaceOption(guid: string, kind: PlaceOptionKind, placeId: string): Promise<CurrentServiceOption> {
  return call(currentServiceOptionSchema, () =>
    http.put(`v1/account/${guid}/ServiceOptions/${kind}`, { json: placeId, retry: 0 }),
  );
}

/** Deliver parcels to the customer's address from now on. */
export function chooseDeliveryAddress(guid: string): Promise<CurrentServiceOption> {
  return call(currentServiceOptionSchema, () =>
    http.put(`v1/account/${guid}/ServiceOptions/useDeliveryAddress`, { retry: 0 }),
  );
}

export function getDeliveryAddress(guid: string): Promise<DeliveryAddress> {
  return call(deliveryAddressSchema, () => http.get(`v1/account/${guid}/deliveryaddress`));
}
