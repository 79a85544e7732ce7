import { http } from '../http.ts';
import { call } from '../call.ts';
import { customerDetailsSchema, type CustomerDetails } from './contract.ts';

/** Spec 2 §7: POST api/account/{guid}/upload/1, the ID document. Answers the customer, now with the ID uploaded. */
export function uploadIdDocument(guid: string, file: File): Promise<CustomerDetails> {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(customerDetailsSchema, () => http.post(`account/${guid}/upload/1`, { body, retry: 0, timeout: 60_000 }));
}
