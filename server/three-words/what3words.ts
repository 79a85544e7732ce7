/**
 * The three-word service through the what3words REST API v3 (used when W3W_API_KEY is set):
 *
 * - forward: GET convert-to-coordinates?words=a.b.c
 * - reverse: GET convert-to-3wa?coordinates=lat,lng&language=en|ar
 * - autosuggest: GET autosuggest?input=…&clip-to-country=XX&focus=lat,lng&n-results=N&language=…
 *
 * The key travels in the X-Api-Key header, never in the URL (which proxies and logs keep). Their answers are read
 * with schemas and mapped to ours: `square` becomes `geometry`, `nearestPlace` the suggestion's `place`, and their
 * country "ZZ" (the sea) null. Their BadWords error on forward means "no such address" (null); every other error
 * answer, a malformed answer, a network failure or no answer within the time-out (10 s) is a
 * ThreeWordUpstreamError, which the API turns into 502.
 */
import { z } from 'zod';
import type { Lang } from '../../src/i18n/languages.ts';
import {
  ThreeWordRangeError,
  ThreeWordUpstreamError,
  isValidPoint,
  labelOf,
  type AddressResult,
  type AutosuggestRequest,
  type Suggestion,
  type ThreeWordService,
} from './three-word-service.ts';

export const W3W_DEFAULT_URL = 'https://api.what3words.com/v3/';
export const W3W_TIMEOUT_MS = 10_000;

export interface What3wordsOptions {
  apiKey: string;
  /** Base URL of the API (W3W_API_URL); default the public one. */
  baseUrl?: string | undefined;
  /** Time allowed for one call; default 10 s. */
  timeoutMs?: number | undefined;
}

const point = z.object({ lat: z.number(), lng: z.number() });

const coordinatesAnswer = z.object({
  country: z.string(),
  square: z.object({ southwest: point, northeast: point }),
  nearestPlace: z.string().optional(),
  coordinates: point,
  words: z.string().min(1),
  language: z.string().optional(),
});

const autosuggestAnswer = z.object({
  suggestions: z.array(
    z.object({
      country: z.string(),
      nearestPlace: z.string().optional().default(''),
      words: z.string().min(1),
      rank: z.number().optional(),
      language: z.string().optional(),
      distanceToFocusKm: z.number().optional(),
    }),
  ),
});

const errorAnswer = z.object({ error: z.object({ code: z.string(), message: z.string().optional() }) });

/** Their country code, or null for the sea ("ZZ") and anything that is not a code. */
const countryOf = (code: string): string | null => {
  const upper = code.toUpperCase();
  return /^[A-Z]{2}$/.test(upper) && upper !== 'ZZ' ? upper : null;
};

type CoordinatesAnswer = z.infer<typeof coordinatesAnswer>;

function resultOf(answer: CoordinatesAnswer): AddressResult {
  return {
    lat: answer.coordinates.lat,
    lng: answer.coordinates.lng,
    geometry: {
      southwest: { lat: answer.square.southwest.lat, lng: answer.square.southwest.lng },
      northeast: { lat: answer.square.northeast.lat, lng: answer.square.northeast.lng },
    },
    words: answer.words,
    country: countryOf(answer.country),
  };
}

export class What3wordsThreeWords implements ThreeWordService {
  readonly kind = 'what3words' as const;
  private readonly apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;

  constructor(options: What3wordsOptions) {
    if (!options.apiKey) throw new Error('what3words needs an API key');
    this.apiKey = options.apiKey;
    const base = options.baseUrl ?? W3W_DEFAULT_URL;
    this.baseUrl = base.endsWith('/') ? base : `${base}/`;
    this.timeoutMs = options.timeoutMs ?? W3W_TIMEOUT_MS;
  }

  /** GET `path` with `params`: the JSON answer, or the error answer's status and code (BadWords, InvalidKey…). */
  private async get(
    path: string,
    params: Record<string, string>,
  ): Promise<{ ok: true; body: unknown } | { ok: false; status: number; code: string | undefined }> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { 'X-Api-Key': this.apiKey, Accept: 'application/json' },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
      throw new ThreeWordUpstreamError(
        timedOut ? `what3words ${path}: no answer in time` : `what3words ${path}: unreachable`,
        {
          cause: error,
        },
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ThreeWordUpstreamError(`what3words ${path}: answer is not JSON`, {
        status: response.status,
        cause: error,
      });
    }
    const failure = errorAnswer.safeParse(body);
    if (!response.ok || failure.success) {
      return { ok: false, status: response.status, code: failure.success ? failure.data.error.code : undefined };
    }
    return { ok: true, body };
  }

  private parse<S extends z.ZodType>(schema: S, body: unknown, path: string): z.infer<S> {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ThreeWordUpstreamError(`what3words ${path}: unexpected answer`);
    return parsed.data;
  }

  private static failed(path: string, answer: { status: number; code: string | undefined }): ThreeWordUpstreamError {
    return new ThreeWordUpstreamError(`what3words ${path} answered ${answer.status} ${answer.code ?? ''}`.trim(), {
      status: answer.status,
      ...(answer.code ? { code: answer.code } : {}),
    });
  }

  async forward(words: string): Promise<AddressResult | null> {
    const path = 'convert-to-coordinates';
    const answer = await this.get(path, { words: words.trim().replace(/^\/{1,3}/, '') });
    if (!answer.ok) {
      if (answer.code === 'BadWords') return null;
      throw What3wordsThreeWords.failed(path, answer);
    }
    return resultOf(this.parse(coordinatesAnswer, answer.body, path));
  }

  async reverse(lat: number, lng: number, language: Lang): Promise<AddressResult | null> {
    if (!isValidPoint(lat, lng)) throw new ThreeWordRangeError(lat, lng);
    if (lat === 0 && lng === 0) return null;
    const path = 'convert-to-3wa';
    const answer = await this.get(path, { coordinates: `${lat},${lng}`, language });
    if (!answer.ok) throw What3wordsThreeWords.failed(path, answer);
    return resultOf(this.parse(coordinatesAnswer, answer.body, path));
  }

  async autosuggest({ input, country, focus, language, limit }: AutosuggestRequest): Promise<Suggestion[]> {
    const path = 'autosuggest';
    const params: Record<string, string> = { input: input.trim().replace(/^\/{1,3}/, ''), 'n-results': String(limit) };
    if (country) params['clip-to-country'] = country;
    if (focus) params.focus = `${focus.lat},${focus.lng}`;
    if (language) params.language = language;
    const answer = await this.get(path, params);
    if (!answer.ok) {
      // An input they can't read (too short, no dots yet) has no suggestions rather than an outage.
      if (answer.code === 'BadInput' || answer.code === 'BadWords') return [];
      throw What3wordsThreeWords.failed(path, answer);
    }
    const { suggestions } = this.parse(autosuggestAnswer, answer.body, path);
    return suggestions.slice(0, limit).map((s) => ({
      words: s.words,
      country: countryOf(s.country),
      place: s.nearestPlace,
      text: s.words,
      label: labelOf(s.words),
    }));
  }
}
