/**
 * Notifications on this device (issue 26, scope 3), as the profile turns them on and off: the browser's side of
 * Web Push. The permission is asked only when the customer turns them on; the browser subscribes with the server's
 * VAPID public key through the service worker's registration, and the subscription goes to the API with the
 * page's language. Turning them off forgets the subscription on the server, then in the browser.
 */
import type { Lang } from '../../i18n/languages.ts';
import { call } from '../api/call.ts';
import { getPushDevice, getPushPublicKey, subscribePush, unsubscribePush } from '../api/push/contract.ts';

/**
 * The service worker's registration where this browser can take push messages, once the worker is active; null
 * where it can't (no Push API, no service worker, no notifications).
 */
export async function pushRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (typeof window === 'undefined') return null;
  if (!('PushManager' in window) || !('Notification' in window) || !('serviceWorker' in navigator)) return null;
  return navigator.serviceWorker.ready;
}

/** The bytes of a base64url string (the VAPID public key as the API gives it). */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}

/** Whether a subscription was made with this key (a key changed on the server needs a new subscription). */
export function isSameKey(used: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!used) return false;
  const bytes = new Uint8Array(used);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

/** Whether this browser's subscription is on the account: then notifications are on here. */
export async function isOnHere(registration: ServiceWorkerRegistration, guid: string): Promise<boolean> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription || Notification.permission !== 'granted') return false;
  const { subscribed } = await call(getPushDevice, { params: { guid }, body: { endpoint: subscription.endpoint } });
  return subscribed;
}

export type TurnOnOutcome = 'on' | 'denied' | 'dismissed';

/**
 * Turns notifications on here: the browser's permission (asked now, from the customer's click), a subscription
 * with the server's key (the one kept if it was made with that key), then the API keeps it with the page's
 * language. A refusal of the API or the push service throws (ApiError, DOMException).
 */
export async function turnOn(
  registration: ServiceWorkerRegistration,
  guid: string,
  lang: Lang,
): Promise<TurnOnOutcome> {
  // First, before anything else awaits: browsers let a page ask only in answer to the customer's action.
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'dismissed';
  const key = base64UrlToBytes((await call(getPushPublicKey)).publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !isSameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  if (!endpoint || !keys?.['p256dh'] || !keys['auth']) throw new Error('The browser gave an incomplete subscription');
  await call(subscribePush, {
    params: { guid },
    body: { endpoint, keys: { p256dh: keys['p256dh'], auth: keys['auth'] }, language: lang },
  });
  return 'on';
}

/** Turns notifications off here: the API forgets the subscription, then the browser drops it. */
export async function turnOff(registration: ServiceWorkerRegistration, guid: string): Promise<void> {
  const subscription = await registration.pushManager.getSubscription();
  if (!subscription) return;
  await call(unsubscribePush, { params: { guid }, body: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
}
