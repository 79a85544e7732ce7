import { http } from '../http.ts';
import { call } from '../call.ts';
import { customerDetailsSchema, type CustomerDetails } from './contract.ts';

export function getCustomerDetails(): Promise<CustomerDetails> {
  return call(customerDetailsSchema, () => http.get('account/GetCustomerDetails'));
}
