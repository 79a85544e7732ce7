import { HTTPError, TimeoutError } from 'ky';
import { z } from '../zod.ts';
import { ApiError, apiErrorSchema } from './errors.ts';
import { http } from './http.ts';
import {
  isSchema,
  type AnswerOut,
  type AnyEndpoint,
  type CallInput,
  type EndpointSpec,
  type InputOptional,
} from './endpoint.ts';

/** What a page may set on one call beside its input. */
export interface CallOptions {
  /** How many times a GET is tried again on a network failure (default once; writes never). */
  retry?: number;
  /** Milliseconds before the call fails with status 0 (default 15 s, a minute for files). */
  timeout?: number;
  cache?: RequestCache;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

type Args<E extends EndpointSpec> =
  InputOptional<E> extends true
    ? [input?: CallInput<E>, options?: CallOptions]
    : [input: CallInput<E>, options?: CallOptions];

type Values = Readonly<Record<string, unknown>> | undefined;

/** The call's path with its parameters filled in, from the site's root: '/api/account/…/wallet'. */
function pathOf(endpoint: EndpointSpec, params: Values): string {
  return `/${endpoint.path}`.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') throw new TypeError(`${endpoint.path}: no ${name}`);
    return encodeURIComponent(String(value as string | number | boolean));
  });
}

/** The query string's pairs, without the parameters left out. */
function queryOf(query: Values): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, String(one as string | number)]);
  }
  return pairs;
}

/** The call's URL with its query, for a link or a download (`href`, `src`). */
export function urlOf<E extends AnyEndpoint>(endpoint: E, ...[input]: Args<E>): string {
  const query = new URLSearchParams(queryOf(input?.query as Values)).toString();
  return pathOf(endpoint, input?.params as Values) + (query ? `?${query}` : '');
}

/** Files take longer than the 15 s of other calls: five of 4 MB on a slow line. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The request's body: JSON, or the files under the declared field. */
function bodyOf(endpoint: EndpointSpec, body: unknown): { json?: unknown; body?: FormData } {
  if (!endpoint.body) return {};
  if (isSchema(endpoint.body)) return { json: body };
  const form = new FormData();
  for (const file of body as readonly File[]) form.append(endpoint.body.field, file, file.name);
  return { body: form };
}

/** Sends the call and turns every failure into an ApiError with the message key to show (0: no answer). */
async function send(endpoint: EndpointSpec, input: CallInput<EndpointSpec> | undefined, options: CallOptions) {
  // The client's prefix is the site's root: the path goes without its leading slash.
  const path = pathOf(endpoint, input?.params as Values).slice(1);
  const body = bodyOf(endpoint, input?.body);
  const timeout = options.timeout ?? (body.body ? UPLOAD_TIMEOUT_MS : undefined);
  try {
    return await http(path, {
      method: endpoint.method,
      searchParams: queryOf(input?.query as Values),
      ...body,
      // Only reads are ever asked twice.
      ...(options.retry === undefined ? {} : { retry: { limit: options.retry, methods: ['get'] } }),
      ...(timeout === undefined ? {} : { timeout }),
      ...(options.cache === undefined ? {} : { cache: options.cache }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = apiErrorSchema.safeParse(await error.response.json().catch(() => undefined));
      const retryAfter = Number(error.response.headers.get('retry-after')) || undefined;
      throw new ApiError(error.response.status, body.success ? body.data : null, retryAfter);
    }
    // fetch fails with a TypeError when no answer came (offline, refused, aborted by the time-out).
    if (error instanceof TypeError || error instanceof TimeoutError) throw new ApiError(0, null);
    throw error;
  }
}

/** Reads the answer the declaration promises; JSON is parsed with its schema, never cast. */
async function answerOf(endpoint: EndpointSpec, response: Response): Promise<unknown> {
  const { answer } = endpoint;
  if (answer === null) return undefined;
  if (!isSchema(answer)) return response.blob();
  const parsed = z.safeParse(
    answer,
    response.status === 204 ? undefined : await response.json().catch(() => undefined),
  );
  if (!parsed.success) throw new ApiError(502, { code: 'BAD_RESPONSE', message: parsed.error.message });
  return parsed.data;
}

/** Makes a declared call and answers what its contract promises; also the answer's headers. */
export async function callWithHeaders<E extends AnyEndpoint>(
  endpoint: E,
  ...[input, options = {}]: Args<E>
): Promise<{ data: AnswerOut<E>; headers: Headers }> {
  const response = await send(endpoint, input as CallInput<EndpointSpec> | undefined, options);
  return { data: (await answerOf(endpoint, response)) as AnswerOut<E>, headers: response.headers };
}

/** Makes a declared call and answers what its contract promises; failures are ApiError. */
export async function call<E extends AnyEndpoint>(endpoint: E, ...args: Args<E>): Promise<AnswerOut<E>> {
  return (await callWithHeaders(endpoint, ...args)).data;
}
