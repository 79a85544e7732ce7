/**
 * Which push services a browser's subscription may name. The server posts to the endpoint a customer's browser
 * gave, so an endpoint is a URL a customer chooses: in production only the browsers' own push services are
 * accepted, over https, so that the server can't be made to post to a host of the customer's choosing (its own
 * network, another site). Development and the tests accept any http(s) endpoint (the local push service).
 */

/** Host names (a leading dot: any host under it), or any endpoint at all. */
export type PushServiceHosts = readonly string[] | 'any';

/**
 * The push services of the browsers in use: Chrome, Edge, Opera and Samsung Internet (Firebase Cloud Messaging,
 * and its older host), Firefox (Mozilla's autopush), Edge on Windows' own service, and Safari (Apple's).
 */
export const BROWSER_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
];

/** The PUSH_SERVICE_HOSTS setting: `*`, or hosts separated by commas; unset, the browsers' in production. */
export function pushServiceHostsFrom(setting: string | undefined, production: boolean): PushServiceHosts {
  if (setting === undefined) return production ? BROWSER_PUSH_SERVICES : 'any';
  if (setting.trim() === '*') return 'any';
  const hosts = setting
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  return hosts.length > 0 ? hosts : BROWSER_PUSH_SERVICES;
}

/** Whether the server may post to this endpoint: https on a listed host, or any http(s) URL with 'any'. */
export function isAcceptedEndpoint(endpoint: string, hosts: PushServiceHosts): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (hosts === 'any') return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:' || (url.port !== '' && url.port !== '443')) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) && host.length > h.length : host === h));
}
