import { http } from '../http.ts';
import { call } from '../call.ts';
import { sentResponseSchema, type SendActivationEmailRequest } from './contract.ts';

export function sendActivationEmail(body: SendActivationEmailRequest): Promise<{ sent: true }> {
  return call(sentResponseSchema, () => http.post('users/SendActivationEmail', { json: body, retry: 0 }));
}
