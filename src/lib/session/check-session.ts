import { HTTPError } from 'ky';
import { http } from '../api/http.ts';

/**
 * The server-side session check of spec 1 §4.1 step 1. Only an explicit 401 ends the session:
 * a network failure or a server error must not log a customer out.
 */
export async function checkSession(): Promise<'valid' | 'invalid'> {
  try {
    await http.get('account/GetCustomerDetails');
    return 'valid';
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 401) return 'invalid';
    return 'valid';
  }
}
