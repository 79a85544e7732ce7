import { http } from '../http.ts';
import { call } from '../call.ts';
import { loginResponseSchema, type LoginRequest, type LoginResponse } from './contract.ts';

export function login(body: LoginRequest): Promise<LoginResponse> {
  return call(loginResponseSchema, () => http.post('account/login', { json: body, retry: 0 }));
}
