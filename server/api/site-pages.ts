import type { Context } from 'hono';
import type { ApiEnv } from './env.ts';
import { invalid } from './http-errors.ts';
import { linkOrigin } from './users/link-mail.ts';

/**
 * A page of this site a provider may send the browser back to: same origin, and a path `pattern` accepts
 * (a return URL anywhere else would make the provider an open redirect). 400 otherwise, naming `field`.
 */
export function sitePage(
  c: Context<ApiEnv>,
  url: string,
  pattern: RegExp,
  field = 'url',
): { origin: string; path: string } {
  const origin = linkOrigin(c);
  let parsed: URL;
  try {
    parsed = new URL(url, origin);
  } catch {
    throw invalid({ [field]: ['invalid'] });
  }
  if (parsed.origin !== origin || !pattern.test(parsed.pathname))
    throw invalid({ [field]: ['not a page of this site'] });
  return { origin, path: parsed.pathname };
}
