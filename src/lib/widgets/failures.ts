/** The message a tool shows when its call fails for a reason the tool has no message of its own for. */
import { ApiError } from '../api/errors.ts';

export function widgetFailureKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return 'errors.network';
    if (error.status === 429) return 'errors.tooManyAttempts';
  }
  return 'errors.global';
}
