/**
 * Sends Web Push messages (issue 26, scope 3) to every device a customer turned notifications on in: each message
 * is written in its device's language, encrypted for the device's keys (RFC 8291, aes128gcm) and signed with the
 * server's VAPID key (RFC 8292) by the `web-push` library, then posted to the device's push service. A push service
 * that answers 404 or 410 says the subscription is gone: its row is deleted. Any other failure is logged (the push
 * service's host and status, never an endpoint or a key) and recorded on the row; it never fails what the caller
 * did, so `notify` doesn't throw.
 */
import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { Brand } from '../../src/brands/brands.ts';
import type { PushMessage } from '../../src/lib/push/push-message.ts';
import type { PushTiming } from '../../src/lib/push/push-timing.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import type { Logger } from '../logger.ts';
import { isAcceptedEndpoint, type PushServiceHosts } from './push-endpoints.ts';
import { PushSubscriptionStore, type PushSubscriptionRow } from './subscriptions.ts';
import type { VapidKeys } from './vapid.ts';

/** How long a push service may take to answer one message. */
export const PUSH_TIMEOUT_MS = 10_000;

export interface PushSenderDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  brand: Brand;
  vapid: VapidKeys;
  /** The push services the server posts to (server/push/push-endpoints.ts). */
  serviceHosts: PushServiceHosts;
  timeoutMs?: number;
}

/** What one `notify` did, device by device. */
export interface PushOutcome {
  /** Accepted by the push service. */
  sent: number;
  /** Reported gone (404, 410): deleted. */
  gone: number;
  /** Refused otherwise, not answered in time, or not sent (logged). */
  failed: number;
}

/** What a message is about, for the log (a waybill number, an alert's kind): never the customer's words. */
export type PushContext = Readonly<Record<string, string | number>>;

/** A short tag for the push service: a newer message with the same topic replaces one not yet delivered. */
const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '?';
  }
};

export class PushSender {
  private readonly deps: PushSenderDeps;
  readonly subscriptions: PushSubscriptionStore;

  constructor(deps: PushSenderDeps) {
    this.deps = deps;
    this.subscriptions = new PushSubscriptionStore(deps.db, deps.clock);
  }

  /** The VAPID public key browsers subscribe with. */
  get publicKey(): string {
    return this.deps.vapid.publicKey;
  }

  get brand(): Brand {
    return this.deps.brand;
  }

  /** Whether the server posts to this endpoint (a push service it trusts). */
  accepts(endpoint: string): boolean {
    return isAcceptedEndpoint(endpoint, this.deps.serviceHosts);
  }

  /**
   * Sends a message to each of the customer's devices, written by `compose` in the language the device asked
   * for (its page's, as the profile sent it). Never throws: failures are logged and counted.
   */
  async notify(
    userGuid: string,
    compose: (language: string) => PushMessage,
    timing: PushTiming,
    context: PushContext = {},
  ): Promise<PushOutcome> {
    const outcome: PushOutcome = { sent: 0, gone: 0, failed: 0 };
    let devices: PushSubscriptionRow[];
    try {
      devices = await this.subscriptions.listOf(userGuid);
    } catch (err) {
      this.deps.logger.warn({ err, ...context }, 'push: devices not read');
      return outcome;
    }
    const results = await Promise.all(devices.map((device) => this.sendTo(device, compose, timing, context)));
    for (const result of results) outcome[result] += 1;
    if (devices.length > 0) this.deps.logger.info({ ...context, ...outcome }, 'push sent');
    return outcome;
  }

  private async sendTo(
    device: PushSubscriptionRow,
    compose: (language: string) => PushMessage,
    timing: PushTiming,
    context: PushContext,
  ): Promise<keyof PushOutcome> {
    const { logger, vapid } = this.deps;
    const host = hostOf(device.endpoint);
    try {
      if (!this.accepts(device.endpoint)) {
        // Kept from before the policy changed: the server no longer posts there.
        logger.warn({ ...context, host }, 'push: endpoint not on an accepted push service; not sent');
        return 'failed';
      }
      const message = compose(device.language);
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: timing.ttlSeconds,
          urgency: timing.urgency,
          topic: topicOf(message.tag),
          contentEncoding: 'aes128gcm',
        },
      );
      // fetch sets the length from the body itself.
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        // A push service answers; it doesn't send the server elsewhere.
        redirect: 'manual',
        signal: AbortSignal.timeout(this.deps.timeoutMs ?? PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.ok) {
        await this.subscriptions.recordSuccess(device.id);
        return 'sent';
      }
      if (response.status === 404 || response.status === 410) {
        await this.subscriptions.removeGone(device);
        logger.info({ ...context, host, status: response.status }, 'push: subscription gone; removed');
        return 'gone';
      }
      await this.subscriptions.recordFailure(device.id);
      logger.warn({ ...context, host, status: response.status }, 'push: refused by the push service');
      return 'failed';
    } catch (err) {
      // The error's name only (a time-out, a refused connection): messages can carry the endpoint.
      const reason = err instanceof Error ? err.name : 'unknown';
      logger.warn({ ...context, host, reason }, 'push: not sent');
      await this.subscriptions.recordFailure(device.id).catch(() => undefined);
      return 'failed';
    }
  }
}
