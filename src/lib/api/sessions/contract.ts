/**
 * Contract of the customer's sessions (issue 25, scope 2): the live sessions of the account, each with the device
 * and country it was opened from, when, when last seen, and which one is this device's; ending one, or every one
 * but this device's. Under the customer's own guid (403 for anyone else's).
 */
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';
import { ErrorCode } from '../errors.ts';

export const accountSessionSchema = z.object({
  /** The session's public id (never its cookie). */
  id: z.uuid(),
  /** The browser and system it was opened from, read off its User-Agent; null when that says nothing known. */
  browser: z.nullable(z.string()),
  system: z.nullable(z.string()),
  /** The country its login came from, if known. */
  countryCode: z.nullable(z.string()),
  /** ISO date and time. */
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of the device that asked. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionsSchema = z.array(accountSessionSchema);

const tag = 'Sessions';
const path = 'api/v1/account/{guid}/sessions';

export const getAccountSessions = endpoint({
  tag,
  summary: "The account's live sessions, the most recently seen first",
  method: 'GET',
  path,
  answer: accountSessionsSchema,
});

export const endAccountSession = endpoint({
  tag,
  summary: 'Logs one session out; answers the sessions left',
  method: 'DELETE',
  path: `${path}/{sessionId}`,
  params: z.object({ guid: z.string(), sessionId: z.uuid('not a session id').check(z.toLowerCase()) }),
  answer: accountSessionsSchema,
  errors: { 404: [ErrorCode.notFound] },
});

export const endOtherSessions = endpoint({
  tag,
  summary: "Logs out every session but this device's; answers the sessions left",
  method: 'DELETE',
  path,
  answer: accountSessionsSchema,
});
