import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPublicAddress, noCountryByIp, normalizeAddress } from '../../server/geo/country-by-ip.ts';
import {
  IPV4_FILE,
  IPV6_FILE,
  flattenRanges,
  ipv4Number,
  ipv6Words,
  loadIpLocationDb,
} from '../../server/geo/ip-location-db.ts';

const FIXTURE = join(import.meta.dirname, '..', 'fixtures', 'ip-location-db');

describe('addresses', () => {
  it('tells public addresses from loopback, private, link-local and reserved ones', () => {
    for (const ip of ['8.8.8.8', '212.35.64.1', '2a00:1450:4001::1', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(ip), ip).toBe(true);
    }
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '169.254.1.1',
      '203.0.113.10',
      '0.0.0.0',
      '255.255.255.255',
      '::1',
      '::',
      'fd12:3456::1',
      'fe80::1%eth0',
      '2001:db8::1',
      '::ffff:127.0.0.1',
      'unknown',
      '',
    ]) {
      expect(isPublicAddress(ip), ip).toBe(false);
    }
  });

  it('unmaps IPv4-mapped IPv6 addresses and drops brackets and zones', () => {
    expect(normalizeAddress('::ffff:192.0.2.1')).toEqual({ family: 'ipv4', address: '192.0.2.1' });
    expect(normalizeAddress('[2A00:1450::1]')).toEqual({ family: 'ipv6', address: '2a00:1450::1' });
    expect(normalizeAddress('fe80::1%eth0')).toEqual({ family: 'ipv6', address: 'fe80::1' });
    expect(normalizeAddress('1.2.3')).toBeNull();
  });

  it('parses addresses to numbers', () => {
    expect(ipv4Number('1.0.0.0')).toBe(16777216);
    expect(ipv4Number('255.255.255.255')).toBe(0xffffffff);
    expect(ipv4Number('1.2.3.256')).toBeNull();
    const hex = (ip: string) =>
      ipv6Words(ip)
        ?.map((w) => w.toString(16).padStart(8, '0'))
        .join('') ?? null;
    expect(hex('::')).toBe('0'.repeat(32));
    expect(hex('::1')).toBe(`${'0'.repeat(31)}1`);
    expect(hex('2001:db8::8a2e:370:7334')).toBe('20010db80000000000008a2e03707334');
    expect(hex('1:2:3:4:5:6:7::')).toBe('00010002000300040005000600070000');
    expect(hex('::ffff:1.2.3.4')).toBe('00000000000000000000ffff01020304');
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7:8:9', '12345::', 'g::', '1:2:3:4:5:6:7', '::1:2:3:4:5:6:7:8']) {
      expect(hex(bad), bad).toBeNull();
    }
  });
});

describe('overlapping ranges', () => {
  const ops = { compare: (a: number, b: number) => a - b, next: (a: number) => a + 1, prev: (a: number) => a - 1 };
  const flat = (ranges: [number, number, number][]) =>
    flattenRanges(
      ranges.map(([start, end, code]) => ({ start, end, code })),
      ops,
    ).map((r) => [r.start, r.end, r.code]);

  it('lets the narrower range win and the wider one resume after it', () => {
    expect(
      flat([
        [0, 100, 1],
        [10, 20, 2],
      ]),
    ).toEqual([
      [0, 9, 1],
      [10, 20, 2],
      [21, 100, 1],
    ]);
    expect(
      flat([
        [0, 100, 1],
        [0, 20, 2],
      ]),
    ).toEqual([
      [0, 20, 2],
      [21, 100, 1],
    ]);
    expect(
      flat([
        [0, 100, 1],
        [10, 20, 2],
        [15, 16, 3],
        [30, 40, 2],
      ]),
    ).toEqual([
      [0, 9, 1],
      [10, 14, 2],
      [15, 16, 3],
      [17, 20, 2],
      [21, 29, 1],
      [30, 40, 2],
      [41, 100, 1],
    ]);
  });

  it('keeps disjoint ranges, sorts them and joins neighbours of one country', () => {
    expect(
      flat([
        [50, 60, 1],
        [0, 10, 2],
        [11, 20, 2],
      ]),
    ).toEqual([
      [0, 20, 2],
      [50, 60, 1],
    ]);
  });

  it('gives a range that sticks out of the one before it its own end', () => {
    expect(
      flat([
        [0, 100, 1],
        [50, 150, 2],
      ]),
    ).toEqual([
      [0, 49, 1],
      [50, 150, 2],
    ]);
  });
});

describe('ip-location-db adapter', () => {
  const db = loadIpLocationDb(FIXTURE);

  it('finds the country of IPv4 addresses, range ends included', () => {
    expect(db.lookup('1.0.0.0')).toBe('AU');
    expect(db.lookup('1.0.0.255')).toBe('AU');
    expect(db.lookup('1.0.1.0')).toBeNull();
    expect(db.lookup('5.16.20.30')).toBe('JO');
    expect(db.lookup('::ffff:5.16.20.30')).toBe('JO');
    expect(db.lookup('0.255.255.255')).toBeNull();
    expect(db.lookup('254.0.0.1')).toBeNull();
  });

  it('prefers the narrower of nested ranges', () => {
    expect(db.lookup('8.0.7.255')).toBe('US');
    expect(db.lookup('8.0.8.1')).toBe('GB');
    expect(db.lookup('8.0.9.0')).toBe('US');
    expect(db.lookup('80.0.0.1')).toBe('SK');
    expect(db.lookup('80.0.1.1')).toBe('FR');
  });

  it('finds the country of IPv6 addresses', () => {
    expect(db.lookup('2001:200::1')).toBe('JP');
    expect(db.lookup('2a00:1450:4000::1')).toBe('IE');
    expect(db.lookup('2a00:1450:4001:80b::200e')).toBe('DE');
    expect(db.lookup('2A00:1450:4002::1')).toBe('IE');
    expect(db.lookup('2a01:4f8:1:2::3')).toBe('AE');
    expect(db.lookup('2a02::1')).toBeNull();
  });

  it('answers nothing for private, loopback or malformed addresses, whatever the data says', () => {
    for (const ip of ['10.0.0.1', '127.0.0.1', '::1', 'fd00::1', 'unknown', '']) expect(db.lookup(ip), ip).toBeNull();
  });

  it('names the file and row of malformed data', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ipdb-'));
    try {
      writeFileSync(join(dir, IPV4_FILE), '16777216,16777471,AU\n16777472,16778239\n');
      writeFileSync(join(dir, IPV6_FILE), '');
      expect(() => loadIpLocationDb(dir)).toThrow(`${IPV4_FILE}:2: malformed row`);
      writeFileSync(join(dir, IPV4_FILE), '');
      writeFileSync(join(dir, IPV6_FILE), '2001:200::,2001:200::zz,JP\n');
      expect(() => loadIpLocationDb(dir)).toThrow(`${IPV6_FILE}: range 1 (2001:200::) is malformed`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a null implementation for when no database is installed', () => {
    expect(noCountryByIp.lookup('8.8.8.8')).toBeNull();
  });
});
