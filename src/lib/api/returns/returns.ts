/** The return shipment calls (spec 2 §7 v1 account shipments/return, Reference data ValidateAddress). */
import { http } from '../http.ts';
import { call } from '../call.ts';
import {
  returnPriceSchema,
  returnShipmentSchema,
  storedReturnSchema,
  validateAddressResponseSchema,
  type CalculateRequest,
  type ReturnPrice,
  type ReturnRequest,
  type ReturnShipment,
  type StoredReturn,
  type ValidateAddressRequest,
} from './contract.ts';

/** The prefilled return of the customer's delivered shipment `packageId` (its hawb id). */
export function getReturnShipment(guid: string, packageId: number): Promise<ReturnShipment> {
  return call(returnShipmentSchema, () => http.get(`v1/account/${guid}/shipments/return/${packageId}`));
}

export function calculateReturn(guid: string, body: CalculateRequest): Promise<ReturnPrice> {
  return call(returnPriceSchema, () =>
    http.post(`v1/account/${guid}/shipments/return/calculate`, { json: body, retry: 0 }),
  );
}

/** Creates the return (a second call answers the same return: one per shipment). */
export function submitReturn(guid: string, body: ReturnRequest): Promise<StoredReturn> {
  return call(storedReturnSchema, () =>
    http.post(`v1/account/${guid}/shipments/return/${body.packageID}`, { json: body, retry: 0 }),
  );
}

/** Whether the address exists in the country (a country with zip codes). */
export function validateAddress(countryCode: string, body: ValidateAddressRequest): Promise<boolean> {
  return call(validateAddressResponseSchema, () =>
    http.post(`v1/Countries/${encodeURIComponent(countryCode)}/ValidateAddress`, { json: body }),
  ).then((r) => r.isValid);
}
