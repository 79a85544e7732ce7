/**
 * The visitor's country from their IP address, when the network edge in front gives no country header
 * (ARCHITECTURE: "country by IP — CDN country header; embedded default: offline IP database package").
 * The API depends on this interface only; server/geo/ip-location-db.ts is the offline adapter.
 */
import { BlockList, isIPv4, isIPv6 } from 'node:net';

export interface CountryByIp {
  /** The ISO 3166-1 alpha-2 code of the address's country (upper case), or null when unknown or not public. */
  lookup(ip: string): string | null;
}

/** No database: every address is of unknown country (the client then falls back to 'default'). */
export const noCountryByIp: CountryByIp = { lookup: () => null };

/** Address ranges that are never a visitor's public address: loopback, private, link-local, shared, reserved… */
const NOT_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(net, prefix, 'ipv6');
}

/**
 * The address in canonical form for a lookup: IPv4 as dotted quad (also when written as an IPv4-mapped IPv6
 * address, as dual-stack sockets report it), IPv6 without a zone; null when it is no IP address at all.
 */
export function normalizeAddress(ip: string): { family: 'ipv4' | 'ipv6'; address: string } | null {
  let address = ip.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped?.[1]) address = mapped[1];
  if (isIPv4(address)) return { family: 'ipv4', address };
  const zone = address.indexOf('%');
  if (zone !== -1) address = address.slice(0, zone);
  if (isIPv6(address)) return { family: 'ipv6', address: address.toLowerCase() };
  return null;
}

/** True for an address a visitor on the internet can have (not loopback, private, link-local or reserved). */
export function isPublicAddress(ip: string): boolean {
  const normalized = normalizeAddress(ip);
  if (!normalized) return false;
  return !NOT_PUBLIC.check(normalized.address, normalized.family);
}
