/**
 * Contract of Web Push notifications (issue 26, scope 3): the server's VAPID public key, which a browser subscribes
 * with, and the customer's devices under their own guid (403 for anyone else's): turning notifications on for this
 * browser (its PushSubscription, and the language its messages are to be in), asking whether this browser's
 * subscription is on this account, and turning them off. A browser names its subscription by its endpoint, a URL
 * that lets anyone holding it with the keys message the device, so the endpoint travels in bodies, never in a URL
 * where proxies and logs would keep it.
 */
import { LANGUAGES } from '../../../i18n/languages.ts';
import { z } from '../../zod.ts';
import { endpoint } from '../endpoint.ts';
import { PushErrorCode } from './errors.ts';

export { PushErrorCode };

/** The longest endpoint accepted: the push services' are 150 to 500 characters. */
export const PUSH_ENDPOINT_MAX = 2048;

/** A push service's URL for one browser: http(s) only (the server's policy narrows it to the services it trusts). */
export const pushEndpointSchema = z
  .url({
    protocol: /^https?$/,
    error: 'push.errors.endpoint',
  })
  .check(z.maxLength(PUSH_ENDPOINT_MAX, 'push.errors.endpoint'));

/**
 * The browser's keys, base64url as PushSubscription.toJSON() gives them (padding tolerated): p256dh an uncompressed
 * P-256 point, 65 bytes (its first byte 4: the first character 'B'); auth the 16-byte secret.
 */
export const p256dhSchema = z.string().check(z.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'push.errors.key'));
export const authSecretSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'push.errors.key'));

/** PushSubscriptionJSON, with the language its messages are to be written in (the page's). */
export const pushSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  /** When the push service ends the subscription, if it says: read, not kept (a gone endpoint is removed on use). */
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({ p256dh: p256dhSchema, auth: authSecretSchema }),
  language: z.enum(LANGUAGES),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushEndpointRequestSchema = z.object({ endpoint: pushEndpointSchema });

/** Whether this browser's subscription is on the account, and the language its messages are in. */
export const pushDeviceSchema = z.object({
  subscribed: z.boolean(),
  language: z.nullable(z.enum(LANGUAGES)),
});
export type PushDevice = z.infer<typeof pushDeviceSchema>;

export const pushPublicKeySchema = z.object({
  /** The VAPID public key (65 bytes, base64url): PushManager.subscribe()'s applicationServerKey. */
  publicKey: z.string(),
});

const tag = 'Push notifications';
const path = 'api/v1/account/{guid}/push-subscriptions';

export const getPushPublicKey = endpoint({
  tag,
  summary: "The server's VAPID public key, which browsers subscribe with",
  method: 'GET',
  path: 'api/v1/push/public-key',
  answer: pushPublicKeySchema,
});

export const subscribePush = endpoint({
  tag,
  summary: 'Turns notifications on for this browser: keeps its push subscription on the account',
  description:
    'The body is the browser’s PushSubscriptionJSON with the language of the messages. A new subscription answers ' +
    '201; one already kept (this account’s or another’s, which then loses it: a browser is on one account at a ' +
    'time) is updated and answers 200. An endpoint on a push service the server does not post to is 400 ' +
    'PUSH_SERVICE_REFUSED. An account keeps its most recently used devices, up to a limit.',
  method: 'POST',
  path,
  body: pushSubscriptionRequestSchema,
  answer: pushDeviceSchema,
  status: [201, 200],
  errors: { 400: [PushErrorCode.serviceRefused] },
});

export const getPushDevice = endpoint({
  tag,
  summary: "Whether this browser's push subscription is on the account (a POST: the endpoint stays out of URLs)",
  method: 'POST',
  path: `${path}/state`,
  body: pushEndpointRequestSchema,
  answer: pushDeviceSchema,
});

export const unsubscribePush = endpoint({
  tag,
  summary: "Turns notifications off for this browser: forgets its push subscription (if it is the account's)",
  method: 'POST',
  path: `${path}/remove`,
  body: pushEndpointRequestSchema,
  answer: null,
});
