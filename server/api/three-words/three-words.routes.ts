/**
 * The three-word address service (spec 2 §7 Widgets; docs/decisions/019): forward, reverse and autosuggest, open
 * to everyone, through whichever adapter the app was given (deps.threeWords).
 *
 * Every call counts against the caller's address (an IPv6 address by its /64): enough for a person typing and
 * moving a map, too few to walk the grid.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import {
  ThreeWordsErrorCode,
  autosuggestQuerySchema,
  forwardQuerySchema,
  reverseQuerySchema,
} from '../../../src/lib/api/three-words/contract.ts';
import { ErrorCode } from '../../../src/lib/api/errors.ts';
import type { Limit } from '../../auth/throttle.ts';
import { ThreeWordRangeError, ThreeWordUpstreamError } from '../../three-words/three-word-service.ts';
import { clientAddress } from '../client-address.ts';
import type { ApiEnv } from '../env.ts';
import { fieldErrorsOf, invalid, notFound, tooManyAttempts } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';
import { trackingKey } from '../tracking/tracking.routes.ts';

type Ctx = Context<ApiEnv>;

/** Calls allowed per address in a window. */
export const THREE_WORDS_LIMIT: Limit = { max: 300, windowSeconds: 600 };

/** The throttle key of an address: the same grouping as tracking's (IPv6 by its /64), a counter of its own. */
export const threeWordsKey = (address: string): string => trackingKey(address).replace(/^tracking:/, 'threewords:');

async function throttled(c: Ctx): Promise<void> {
  const { throttle } = c.var.deps;
  const key = threeWordsKey(clientAddress(c));
  const wait = await throttle.retryAfter(key, THREE_WORDS_LIMIT);
  if (wait > 0) throw tooManyAttempts(wait);
  await throttle.hit(key, THREE_WORDS_LIMIT);
}

function query<S extends z.core.$ZodType>(c: Ctx, schema: S): z.core.output<S> {
  const parsed = z.safeParse(schema, c.req.query());
  if (!parsed.success) throw invalid(fieldErrorsOf(parsed.error));
  return parsed.data;
}

/** Runs a call to the service: a point off the globe is a 400, an upstream failure a 502 (logged, never the key). */
async function answer(c: Ctx, run: () => Promise<unknown>): Promise<Response> {
  try {
    return c.json(await run());
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
      return c.json(
        { code: ThreeWordsErrorCode.upstreamUnavailable, message: 'The three-word service is not answering' },
        502,
      );
    }
    throw error;
  }
}

export function threeWordsRoutes(router: ApiRouter): void {
  router.get('/api/v1/threewords/forward', async (c) => {
    await throttled(c);
    const { words } = query(c, forwardQuerySchema);
    return answer(c, async () => {
      const found = await c.var.deps.threeWords.forward(words);
      if (!found) throw notFound();
      return found;
    });
  });

  router.get('/api/v1/threewords/reverse', async (c) => {
    await throttled(c);
    const { lat, lng, language } = query(c, reverseQuerySchema);
    return answer(c, async () => {
      const found = await c.var.deps.threeWords.reverse(lat, lng, language);
      if (!found) throw invalid({ lat: ['Coordinates 0,0 are ignored'] }, ErrorCode.validation);
      return found;
    });
  });

  router.get('/api/v1/threewords/autosuggest', async (c) => {
    await throttled(c);
    const q = query(c, autosuggestQuerySchema);
    return answer(c, async () => ({
      suggestions: await c.var.deps.threeWords.autosuggest({
        input: q.input,
        country: q.country,
        focus: q.focus,
        language: q.language,
        limit: q.limit,
      }),
    }));
  });
}
