/**
 * The pure rules of Web Push (issue 26, scope 3): how long a push service keeps each message and how urgent it is,
 * which push services the server posts to, the VAPID settings, and the browser's key comparison.
 */
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import {
  MAX_TTL_SECONDS,
  MIN_TTL_SECONDS,
  STATUS_NEWS_MS,
  alertTiming,
  statusTiming,
} from '../../src/lib/push/push-timing.ts';
import { base64UrlToBytes, isSameKey } from '../../src/lib/push/device-push.ts';
import { DAY_MS, storageTermsOf } from '../../src/lib/storage/storage-deadline.ts';
import type { PackageFacts } from '../../src/lib/storage/package-alerts.ts';
import { BROWSER_PUSH_SERVICES, isAcceptedEndpoint, pushServiceHostsFrom } from '../../server/push/push-endpoints.ts';
import { DEVELOPMENT_VAPID_KEYS, vapidProblem } from '../../server/push/vapid.ts';
import { parseEnv } from '../../server/env.ts';

const NOW = new Date('2026-11-22T08:00:00Z');
const HOUR_MS = 60 * 60 * 1000;

/** A package at its mailbox since `daysAgo`, on the basic plan (30 free days). */
const kept = (daysAgo: number): PackageFacts => ({
  arrivedAt: new Date(NOW.getTime() - daysAgo * DAY_MS),
  terms: storageTermsOf(1),
  heldSince: null,
});

describe('push timing', () => {
  it('keeps an arrival until it is two days old', () => {
    expect(alertTiming('package-arrived', kept(0.5), NOW)).toEqual({
      ttlSeconds: 1.5 * 24 * 3600,
      urgency: 'normal',
    });
  });

  it('keeps the 3-day alert until the 1-day one, and the 1-day alert until free storage ends, urgently', () => {
    // 27 days in: the 1-day alert is due 2 days later; free storage ends 3 days later.
    expect(alertTiming('storage-3-days', kept(27), NOW)).toEqual({ ttlSeconds: 2 * 24 * 3600, urgency: 'normal' });
    expect(alertTiming('storage-1-day', kept(29.75), NOW)).toEqual({ ttlSeconds: 6 * 3600, urgency: 'high' });
  });

  it('never keeps a message less than a minute nor more than four weeks', () => {
    expect(alertTiming('storage-1-day', kept(30 - 1 / (24 * 3600)), NOW).ttlSeconds).toBe(MIN_TTL_SECONDS);
    const held: PackageFacts = {
      arrivedAt: null,
      terms: storageTermsOf(1),
      heldSince: new Date(NOW.getTime() - HOUR_MS),
    };
    expect(alertTiming('held-for-charges', held, NOW)).toEqual({ ttlSeconds: MAX_TTL_SECONDS, urgency: 'normal' });
  });

  it('keeps a new status for two days; out for delivery and held at customs are urgent', () => {
    expect(statusTiming(14, NOW)).toEqual({ ttlSeconds: STATUS_NEWS_MS / 1000, urgency: 'normal' });
    expect(statusTiming(20, NOW).urgency).toBe('high');
    expect(statusTiming(18, NOW).urgency).toBe('high');
    expect(statusTiming(22, NOW).urgency).toBe('normal');
  });
});

describe('push services the server posts to', () => {
  it("accepts the browsers' push services over https in production, and nothing else", () => {
    const hosts = pushServiceHostsFrom(undefined, true);
    expect(hosts).toEqual(BROWSER_PUSH_SERVICES);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGxyz',
    ]) {
      expect(isAcceptedEndpoint(endpoint, hosts), endpoint).toBe(true);
    }
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com.evil.example/x',
      'https://evilfcm.googleapis.com/x',
      'https://push.apple.com.evil.example/x',
      'https://user:pass@fcm.googleapis.com/x',
      'https://localhost/x',
      'https://10.0.0.1/x',
      'not a url',
    ]) {
      expect(isAcceptedEndpoint(endpoint, hosts), endpoint).toBe(false);
    }
  });

  it('accepts any http(s) endpoint in development, and reads the setting', () => {
    expect(pushServiceHostsFrom(undefined, false)).toBe('any');
    expect(pushServiceHostsFrom('*', true)).toBe('any');
    expect(pushServiceHostsFrom(' push.example.com , .push.example.net ', true)).toEqual([
      'push.example.com',
      '.push.example.net',
    ]);
    expect(isAcceptedEndpoint('http://localhost:8090/notify/abc', 'any')).toBe(true);
    expect(isAcceptedEndpoint('ftp://localhost/x', 'any')).toBe(false);
    expect(isAcceptedEndpoint('https://a.push.example.net/x', ['.push.example.net'])).toBe(true);
    expect(isAcceptedEndpoint('https://push.example.net/x', ['.push.example.net'])).toBe(false);
  });
});

describe('VAPID settings', () => {
  it('accept a generated pair with a mailto: or https: subject', () => {
    expect(vapidProblem(DEVELOPMENT_VAPID_KEYS)).toBeNull();
    const fresh = webpush.generateVAPIDKeys();
    expect(vapidProblem({ ...fresh, subject: 'https://www.shipbox.example/contact' })).toBeNull();
  });

  it('refuse keys of the wrong size, a pair that does not match, and another subject', () => {
    const other = webpush.generateVAPIDKeys();
    expect(vapidProblem({ ...DEVELOPMENT_VAPID_KEYS, publicKey: other.publicKey })).toMatch(/not the public key/);
    expect(vapidProblem({ ...DEVELOPMENT_VAPID_KEYS, publicKey: 'abc' })).toMatch(/VAPID_PUBLIC_KEY/);
    expect(vapidProblem({ ...DEVELOPMENT_VAPID_KEYS, privateKey: 'abc' })).toMatch(/VAPID_PRIVATE_KEY/);
    expect(vapidProblem({ ...DEVELOPMENT_VAPID_KEYS, subject: 'http://www.shipbox.example' })).toMatch(/VAPID_SUBJECT/);
    expect(vapidProblem({ ...DEVELOPMENT_VAPID_KEYS, subject: 'ops@shipbox.example' })).toMatch(/VAPID_SUBJECT/);
  });

  it('are read all three together from the environment', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    const env = parseEnv({
      VAPID_PUBLIC_KEY: publicKey,
      VAPID_PRIVATE_KEY: privateKey,
      VAPID_SUBJECT: 'mailto:ops@x.example',
    });
    expect(env.vapid).toEqual({ publicKey, privateKey, subject: 'mailto:ops@x.example' });
    expect(parseEnv({}).vapid).toBeUndefined();
    expect(() => parseEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/together/);
    expect(() =>
      parseEnv({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: 'short', VAPID_SUBJECT: 'mailto:a@b.example' }),
    ).toThrow(/VAPID_PRIVATE_KEY/);
    expect(parseEnv({ NODE_ENV: 'production' }).pushServiceHosts).toEqual(BROWSER_PUSH_SERVICES);
    expect(parseEnv({}).pushServiceHosts).toBe('any');
  });
});

describe("the browser's key", () => {
  it('decodes the VAPID key to its 65 bytes and compares it with a subscription’s', () => {
    const key = base64UrlToBytes(DEVELOPMENT_VAPID_KEYS.publicKey);
    expect(key).toHaveLength(65);
    expect(Buffer.from(key).toString('base64url')).toBe(DEVELOPMENT_VAPID_KEYS.publicKey);
    expect(isSameKey(key.slice().buffer, key)).toBe(true);
    const other = base64UrlToBytes(webpush.generateVAPIDKeys().publicKey);
    expect(isSameKey(other.buffer, key)).toBe(false);
    expect(isSameKey(null, key)).toBe(false);
  });
});
