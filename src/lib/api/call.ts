import { HTTPError, NetworkError, TimeoutError } from 'ky';
import type { z } from '../zod.ts';
import { ApiError, apiErrorSchema } from './errors.ts';

/**
 * Runs a call and parses its JSON answer with the contract's schema: never cast. Failures become ApiError
 * with the message key to show; a network failure or time-out has status 0.
 */
export async function call<S extends z.ZodMiniType>(schema: S, request: () => Promise<Response>): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    if (error instanceof HTTPError) {
      // ky has already read the error body into `data`.
      const body = apiErrorSchema.safeParse(error.data);
      const retryAfter = Number(error.response.headers.get('retry-after')) || undefined;
      throw new ApiError(error.response.status, body.success ? body.data : null, retryAfter);
    }
    if (error instanceof NetworkError || error instanceof TimeoutError) throw new ApiError(0, null);
    throw error;
  }
  const parsed = schema.safeParse(response.status === 204 ? undefined : await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(502, { code: 'BAD_RESPONSE', message: parsed.error.message });
  return parsed.data;
}

/** The value of a settled call, or null when it failed (pages that show what loaded when one part fails). */
export const settled = <T>(result: PromiseSettledResult<T>): T | null =>
  result.status === 'fulfilled' ? result.value : null;
