import { call } from '../api/call.ts';
import { ApiError } from '../api/errors.ts';
import { getCustomerDetails } from '../api/session/contract.ts';

/**
 * The server-side session check of spec 1 §4.1 step 1. Only an explicit 401 ends the session:
 * a network failure, a server error or an answer the site can't read must not log a customer out.
 */
export async function checkSession(): Promise<'valid' | 'invalid'> {
  try {
    await call(getCustomerDetails);
    return 'valid';
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return 'invalid';
    return 'valid';
  }
}
