import { http } from '../http.ts';
import { call } from '../call.ts';
import { customerDetailsSchema, type CustomerDetails, type SaveAccountRequest } from './contract.ts';

export function saveAccount(guid: string, body: SaveAccountRequest): Promise<CustomerDetails> {
  return call(customerDetailsSchema, () => http.post(`account/${guid}/save`, { json: body, retry: 0 }));
}
