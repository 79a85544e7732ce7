import { http } from '../http.ts';
import { call } from '../call.ts';
import { sentResponseSchema } from '../account/contract.ts';
import type { ForgottenPasswordRequest } from './contract.ts';

export function sendForgottenPasswordEmail(body: ForgottenPasswordRequest): Promise<{ sent: true }> {
  return call(sentResponseSchema, () => http.post('users/SendForgottenPasswordEmail', { json: body, retry: 0 }));
}
