/**
 * Offline country-by-IP lookups on the CSV range files of the ip-location-db project (npm package
 * `@ip-location-db/geo-whois-asn-country`: RIR WHOIS, ASN and geofeed data; package CC0-1.0, data CC BY 4.0 by
 * the NRO — credit "IP country data: NRO, via ip-location-db" where the product lists its sources).
 *
 * Each file is rows of `start,end,CC`: an inclusive range of addresses and its country. IPv4 is read from the
 * numeric file, IPv6 from the textual one (its numbers need 128 bits). Ranges are kept in typed arrays (about
 * 10 MB for the full data) and searched by bisection; loading takes a few hundred milliseconds, once, at start.
 * Where ranges overlap (the published files have a few hundred nested ranges) the narrower one wins.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { isPublicAddress, normalizeAddress, type CountryByIp } from './country-by-ip.ts';

export const IP_LOCATION_PACKAGE = '@ip-location-db/geo-whois-asn-country';
export const IPV4_FILE = 'geo-whois-asn-country-ipv4-num.csv';
export const IPV6_FILE = 'geo-whois-asn-country-ipv6.csv';

const WORDS = 4;

/** One to four hex digits as a number; -1 when malformed. */
function hexGroup(text: string): number {
  if (text.length === 0 || text.length > 4) return -1;
  let value = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    const digit =
      ch >= 48 && ch <= 57 ? ch - 48 : ch >= 97 && ch <= 102 ? ch - 87 : ch >= 65 && ch <= 70 ? ch - 55 : -1;
    if (digit === -1) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** An IPv6 address as four 32-bit words, most significant first; null when malformed. */
export function ipv6Words(address: string): number[] | null {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) becomes the last two groups.
  if (text.includes('.')) {
    const cut = text.lastIndexOf(':');
    const v4 = cut === -1 ? null : ipv4Number(text.slice(cut + 1));
    if (v4 === null) return null;
    text = `${text.slice(0, cut + 1)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const zeros = 8 - head.length - tail.length;
  if (halves.length === 1 ? zeros !== 0 : zeros < 1) return null;
  const groups: number[] = [];
  for (const part of head) groups.push(hexGroup(part));
  for (let i = 0; i < zeros && halves.length === 2; i++) groups.push(0);
  for (const part of tail) groups.push(hexGroup(part));
  if (groups.includes(-1)) return null;
  return [0, 2, 4, 6].map((i) => ((groups[i] ?? 0) * 0x10000 + (groups[i + 1] ?? 0)) >>> 0);
}

/** An IPv4 address as an unsigned 32-bit number; null when malformed. */
export function ipv4Number(address: string): number | null {
  const parts = address.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const byte = Number(part);
    if (byte > 255) return null;
    n = n * 256 + byte;
  }
  return n;
}

const packCode = (code: string) => (code.charCodeAt(0) << 8) | code.charCodeAt(1);
const unpackCode = (packed: number) => String.fromCharCode(packed >> 8, packed & 0xff);

/** Compares words a[i…i+4) with b[j…j+4). */
function compareWords(a: Uint32Array | readonly number[], i: number, b: Uint32Array | readonly number[], j: number) {
  for (let k = 0; k < WORDS; k++) {
    const x = a[i + k] ?? 0;
    const y = b[j + k] ?? 0;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

function rowsOf(text: string, file: string): [string, string, string][] {
  const rows: [string, string, string][] = [];
  let line = 0;
  for (const raw of text.split('\n')) {
    line++;
    const row = raw.trim();
    if (row === '') continue;
    const [start, end, code] = row.split(',');
    if (!start || !end || !code || !/^[A-Z]{2}$/.test(code)) throw new Error(`${file}:${line}: malformed row "${row}"`);
    rows.push([start, end, code]);
  }
  return rows;
}

interface Range<T> {
  start: T;
  end: T;
  code: number;
}

interface AddressOps<T> {
  compare(a: T, b: T): number;
  next(a: T): T;
  prev(a: T): T;
}

/**
 * Disjoint ranges from ranges that may overlap: where they do, the narrower (more specific) one wins. The
 * published files list a few hundred geofeed ranges inside wider registry ranges, after them.
 */
export function flattenRanges<T>(ranges: Range<T>[], ops: AddressOps<T>): Range<T>[] {
  const sorted = [...ranges].sort((a, b) => ops.compare(a.start, b.start) || ops.compare(b.end, a.end));
  const out: Range<T>[] = [];
  const emit = (start: T, end: T, code: number) => {
    const last = out.at(-1);
    if (last && last.code === code && ops.compare(ops.next(last.end), start) === 0) last.end = end;
    else out.push({ start, end, code });
  };
  const stack: Range<T>[] = [];
  let pos: T | undefined;
  // Emits what the innermost open range covers up to `limit` (inclusive), closing the ranges that end before it.
  const closeBefore = (limit: T | undefined) => {
    for (let top = stack.at(-1); top && (limit === undefined || ops.compare(top.end, limit) < 0); top = stack.at(-1)) {
      if (pos !== undefined && ops.compare(pos, top.end) <= 0) {
        emit(pos, top.end, top.code);
        pos = ops.next(top.end);
      }
      stack.pop();
    }
  };
  for (const range of sorted) {
    closeBefore(range.start);
    const top = stack.at(-1);
    if (top && pos !== undefined && ops.compare(pos, range.start) < 0) emit(pos, ops.prev(range.start), top.code);
    pos = range.start;
    stack.push(range);
  }
  closeBefore(undefined);
  return out;
}

const IPV4_OPS: AddressOps<number> = {
  compare: (a, b) => a - b,
  next: (a) => a + 1,
  prev: (a) => a - 1,
};

const IPV6_OPS: AddressOps<number[]> = {
  compare: (a, b) => compareWords(a, 0, b, 0),
  next(a) {
    const out = [...a];
    for (let k = WORDS - 1; k >= 0; k--) {
      out[k] = ((out[k] ?? 0) + 1) >>> 0;
      if (out[k] !== 0) break;
    }
    return out;
  },
  prev(a) {
    const out = [...a];
    for (let k = WORDS - 1; k >= 0; k--) {
      const word = out[k] ?? 0;
      out[k] = word === 0 ? 0xffffffff : word - 1;
      if (word !== 0) break;
    }
    return out;
  },
};

class Ipv4Ranges {
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly codes: Uint16Array;

  constructor(text: string, file: string) {
    const ranges = rowsOf(text, file).map(([start, end, code], i): Range<number> => {
      const s = Number(start);
      const e = Number(end);
      if (!(Number.isInteger(s) && Number.isInteger(e) && s >= 0 && s <= e && e <= 0xffffffff)) {
        throw new Error(`${file}: range ${i + 1} (${start}-${end}) is malformed`);
      }
      return { start: s, end: e, code: packCode(code) };
    });
    const flat = flattenRanges(ranges, IPV4_OPS);
    this.starts = Uint32Array.from(flat, (r) => r.start);
    this.ends = Uint32Array.from(flat, (r) => r.end);
    this.codes = Uint16Array.from(flat, (r) => r.code);
  }

  lookup(ip: number): string | null {
    let lo = 0;
    let hi = this.starts.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.starts[mid] ?? 0) <= ip) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found === -1 || ip > (this.ends[found] ?? 0)) return null;
    return unpackCode(this.codes[found] ?? 0);
  }
}

class Ipv6Ranges {
  readonly starts: Uint32Array;
  readonly ends: Uint32Array;
  readonly codes: Uint16Array;

  constructor(text: string, file: string) {
    const ranges = rowsOf(text, file).map(([start, end, code], i): Range<number[]> => {
      const s = ipv6Words(start);
      const e = ipv6Words(end);
      if (!s || !e || compareWords(s, 0, e, 0) > 0) throw new Error(`${file}: range ${i + 1} (${start}) is malformed`);
      return { start: s, end: e, code: packCode(code) };
    });
    const flat = flattenRanges(ranges, IPV6_OPS);
    this.starts = new Uint32Array(flat.length * WORDS);
    this.ends = new Uint32Array(flat.length * WORDS);
    this.codes = new Uint16Array(flat.length);
    flat.forEach((range, i) => {
      this.starts.set(range.start, i * WORDS);
      this.ends.set(range.end, i * WORDS);
      this.codes[i] = range.code;
    });
  }

  lookup(ip: readonly number[]): string | null {
    let lo = 0;
    let hi = this.codes.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      if (compareWords(this.starts, mid * WORDS, ip, 0) <= 0) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (found === -1 || compareWords(ip, 0, this.ends, found * WORDS) > 0) return null;
    return unpackCode(this.codes[found] ?? 0);
  }
}

/** Lookups on the range files in `dir` (the package's folder, or a test fixture with the same file names). */
export function loadIpLocationDb(dir: string): CountryByIp {
  const read = (file: string) => readFileSync(join(dir, file), 'utf8');
  const ipv4 = new Ipv4Ranges(read(IPV4_FILE), IPV4_FILE);
  const ipv6 = new Ipv6Ranges(read(IPV6_FILE), IPV6_FILE);
  return {
    lookup(ip: string): string | null {
      if (!isPublicAddress(ip)) return null;
      const normalized = normalizeAddress(ip);
      if (!normalized) return null;
      if (normalized.family === 'ipv4') {
        const n = ipv4Number(normalized.address);
        return n === null ? null : ipv4.lookup(n);
      }
      const words = ipv6Words(normalized.address);
      return words ? ipv6.lookup(words) : null;
    },
  };
}

/** The installed package's folder, or undefined when it is not installed. */
export function ipLocationDbDir(): string | undefined {
  try {
    return dirname(createRequire(import.meta.url).resolve(`${IP_LOCATION_PACKAGE}/package.json`));
  } catch {
    return undefined;
  }
}
