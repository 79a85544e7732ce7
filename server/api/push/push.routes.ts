/**
 * Web Push notifications (issue 26, scope 3): the VAPID public key, and turning notifications on and off for a
 * browser from the profile. The router checks the session and that the guid is the session's (403 otherwise); the
 * body is the browser's PushSubscriptionJSON, checked by its schema (a URL, base64url keys of the right lengths),
 * then here: the endpoint on a push service the server posts to, the p256dh key a point of the P-256 curve.
 */
import { createECDH } from 'node:crypto';
import type { Context } from 'hono';
import {
  PushErrorCode,
  getPushDevice,
  getPushPublicKey,
  subscribePush,
  unsubscribePush,
  type PushDevice,
} from '../../../src/lib/api/push/contract.ts';
import type { ApiEnv } from '../env.ts';
import { HttpError, invalid } from '../http-errors.ts';
import type { ApiRouter } from '../router.ts';

/** Whether a browser's p256dh key (base64url) is a point of the P-256 curve, which the message is encrypted for. */
export function isP256Point(p256dh: string): boolean {
  const bytes = Buffer.from(p256dh.replace(/=+$/, ''), 'base64url');
  if (bytes.length !== 65 || bytes[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    // Refuses a point off the curve, as encrypting a message for it would.
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

const unpadded = (value: string) => value.replace(/=+$/, '');

const store = (c: Context<ApiEnv>) => c.var.deps.push.subscriptions;

export function pushRoutes(router: ApiRouter): void {
  router.handle(getPushPublicKey, (c) => ({ publicKey: c.var.deps.push.publicKey }));

  router.handle(subscribePush, async (c, { params, body }) => {
    if (!c.var.deps.push.accepts(body.endpoint)) {
      throw new HttpError(400, {
        code: PushErrorCode.serviceRefused,
        message: 'Not a push service this server sends to',
        fieldErrors: { endpoint: ['push.errors.service'] },
      });
    }
    if (!isP256Point(body.keys.p256dh)) throw invalid({ 'keys.p256dh': ['push.errors.key'] });
    const { created } = await store(c).save(params.guid, {
      endpoint: body.endpoint,
      p256dh: unpadded(body.keys.p256dh),
      auth: unpadded(body.keys.auth),
      language: body.language,
    });
    const answer: PushDevice = { subscribed: true, language: body.language };
    return created ? answer : c.json(answer, 200);
  });

  router.handle(getPushDevice, async (c, { params, body }) => {
    const row = await store(c).find(params.guid, body.endpoint);
    const answer: PushDevice = { subscribed: row !== undefined, language: row?.language ?? null };
    return answer;
  });

  router.handle(unsubscribePush, async (c, { params, body }) => {
    // Another account's endpoint, or none kept: nothing to do, and nothing said about other accounts.
    await store(c).remove(params.guid, body.endpoint);
    return undefined;
  });
}
