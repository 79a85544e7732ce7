/**
 * The three-word address service (spec 2 §7 Widgets; docs/decisions/019): forward, reverse and autosuggest, open
 * to everyone, through whichever adapter the app was given (deps.threeWords).
 *
 * Every call counts against the caller's address (an IPv6 address by its /64): enough for a person typing and
 * moving a map, too few to walk the grid.
 */
import type { Context } from 'hono';
import {
  ThreeWordsErrorCode,
  getThreeWordAddress,
  getThreeWordSquare,
  getThreeWordSuggestions,
} from '../../../src/lib/api/three-words/contract.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import type { Limit } from '../../auth/throttle.ts';
import { ThreeWordRangeError, ThreeWordUpstreamError } from '../../three-words/three-word-service.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, invalid, notFound } from '../http-errors.ts';
import { throttleFirst } from '../throttle-first.ts';
import type { ApiRouter } from '../router.ts';
import { trackingKey } from '../tracking/tracking.routes.ts';

type Ctx = Context<ApiEnv>;

/** Calls allowed per address in a window. */
export const THREE_WORDS_LIMIT: Limit = { max: 300, windowSeconds: 600 };

/** The throttle key of an address: the same grouping as tracking's (IPv6 by its /64), a counter of its own. */
export const threeWordsKey = (address: string): string => trackingKey(address).replace(/^tracking:/, 'threewords:');

/** Every call counts, a refused one too, before its query is even read. */
const throttled = throttleFirst((c) => threeWordsKey(clientAddress(c)), THREE_WORDS_LIMIT);

/** Runs a call to the service: a point off the globe is a 400, an upstream failure a 502 (logged, never the key). */
async function answer<T>(c: Ctx, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ThreeWordRangeError) throw invalid({ lat: [error.message] });
    if (error instanceof ThreeWordUpstreamError) {
      c.var.deps.logger.warn(
        {
          path: new URL(c.req.url).pathname,
          upstreamStatus: error.status,
          upstreamCode: error.code,
          reason: error.message,
        },
        'three-word service failed',
      );
      throw new HttpError(502, {
        code: ThreeWordsErrorCode.upstreamUnavailable,
        message: 'The three-word service is not answering',
      });
    }
    throw error;
  }
}

export function threeWordsRoutes(router: ApiRouter): void {
  const before = [throttled];

  router.handle(
    getThreeWordSquare,
    (c, { query: { words } }) =>
      answer(c, async () => {
        const found = await c.var.deps.threeWords.forward(words);
        if (!found) throw notFound();
        return found;
      }),
    { before },
  );

  router.handle(
    getThreeWordAddress,
    (c, { query: { lat, lng, language } }) =>
      answer(c, async () => {
        const found = await c.var.deps.threeWords.reverse(lat, lng, language);
        if (!found) throw invalid({ lat: ['Coordinates 0,0 are ignored'] }, ErrorCode.validation);
        return found;
      }),
    { before },
  );

  router.handle(
    getThreeWordSuggestions,
    (c, { query: q }) =>
      answer(c, async () => ({
        suggestions: await c.var.deps.threeWords.autosuggest({
          input: q.input,
          country: q.country,
          focus: q.focus,
          language: q.language,
          limit: q.limit,
        }),
      })),
    { before },
  );
}
