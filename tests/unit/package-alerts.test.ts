import { describe, expect, it } from 'vitest';
import { ALERT_OPTION, dueAlerts, isStillDue, type PackageFacts } from '../../src/lib/storage/package-alerts.ts';
import { DAY_MS, type StorageTerms } from '../../src/lib/storage/storage-deadline.ts';

const ARRIVED = new Date('2026-05-10T06:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const at = (ms: number) => new Date(ARRIVED.getTime() + ms);
const BASIC: StorageTerms = { freeDays: 30, feePerDay: 0.5, currency: 'USD', nearDeadlineDays: 3 };
const inMailbox: PackageFacts = { arrivedAt: ARRIVED, terms: BASIC, heldSince: null };
const kinds = (facts: PackageFacts, now: Date) => dueAlerts(facts, now).map((a) => a.kind);

describe('alerts about a package at its mailbox (30 free days)', () => {
  it('says it arrived from the moment it arrives, for two days', () => {
    expect(kinds(inMailbox, at(-1))).toEqual([]);
    expect(dueAlerts(inMailbox, ARRIVED)).toEqual([{ kind: 'package-arrived', dueAt: ARRIVED }]);
    expect(kinds(inMailbox, at(2 * DAY_MS - 1))).toEqual(['package-arrived']);
    expect(kinds(inMailbox, at(2 * DAY_MS))).toEqual([]);
    expect(kinds(inMailbox, at(20 * DAY_MS))).toEqual([]);
  });

  it('warns of 3 days left from exactly 3 days before free storage ends until 1 day before', () => {
    expect(kinds(inMailbox, at(27 * DAY_MS - 1))).toEqual([]);
    expect(dueAlerts(inMailbox, at(27 * DAY_MS))).toEqual([{ kind: 'storage-3-days', dueAt: at(27 * DAY_MS) }]);
    expect(kinds(inMailbox, at(29 * DAY_MS - 1))).toEqual(['storage-3-days']);
  });

  it('warns of 1 day left from exactly 1 day before free storage ends until it ends', () => {
    expect(dueAlerts(inMailbox, at(29 * DAY_MS))).toEqual([{ kind: 'storage-1-day', dueAt: at(29 * DAY_MS) }]);
    expect(kinds(inMailbox, at(30 * DAY_MS - 1))).toEqual(['storage-1-day']);
    expect(kinds(inMailbox, at(30 * DAY_MS))).toEqual([]);
    expect(kinds(inMailbox, at(45 * DAY_MS))).toEqual([]);
  });

  it('follows the plan: 90 free days move both warnings', () => {
    const flex = { ...inMailbox, terms: { ...BASIC, freeDays: 90 } };
    expect(kinds(flex, at(27 * DAY_MS))).toEqual([]);
    expect(kinds(flex, at(87 * DAY_MS))).toEqual(['storage-3-days']);
    expect(kinds(flex, at(89 * DAY_MS + HOUR_MS))).toEqual(['storage-1-day']);
  });

  it('with fewer free days than the arrival window, lets the warning take the place of the arrival', () => {
    const short = { ...inMailbox, terms: { ...BASIC, freeDays: 4 } };
    expect(kinds(short, ARRIVED)).toEqual(['package-arrived']);
    expect(kinds(short, at(DAY_MS))).toEqual(['storage-3-days']);
  });

  it('says nothing of storage for a package not at a mailbox', () => {
    const gone = { ...inMailbox, arrivedAt: null };
    for (const days of [0, 27, 29]) expect(kinds(gone, at(days * DAY_MS))).toEqual([]);
  });
});

describe('the hold for charges', () => {
  it('is due from the moment the shipment is held, for as long as it is', () => {
    const held: PackageFacts = { arrivedAt: null, terms: BASIC, heldSince: ARRIVED };
    expect(kinds(held, at(-1))).toEqual([]);
    expect(dueAlerts(held, ARRIVED)).toEqual([{ kind: 'held-for-charges', dueAt: ARRIVED }]);
    expect(kinds(held, at(60 * DAY_MS))).toEqual(['held-for-charges']);
  });

  it('comes with the storage alert of a package held while at its mailbox', () => {
    expect(kinds({ ...inMailbox, heldSince: ARRIVED }, at(28 * DAY_MS))).toEqual([
      'storage-3-days',
      'held-for-charges',
    ]);
  });
});

describe('checked again when it is about to go', () => {
  it('an alert whose moment has passed, or that no longer holds, is not still due', () => {
    expect(isStillDue('storage-3-days', inMailbox, at(28 * DAY_MS))).toBe(true);
    expect(isStillDue('storage-3-days', inMailbox, at(29 * DAY_MS))).toBe(false);
    expect(isStillDue('storage-3-days', { ...inMailbox, arrivedAt: null }, at(28 * DAY_MS))).toBe(false);
    expect(isStillDue('held-for-charges', { ...inMailbox, heldSince: null }, ARRIVED)).toBe(false);
  });

  it('each alert has the switch the customer turns it off with', () => {
    expect(ALERT_OPTION).toEqual({
      'package-arrived': 'PackageArrived',
      'storage-3-days': 'StorageDeadline',
      'storage-1-day': 'StorageDeadline',
      'held-for-charges': 'HeldForCharges',
    });
  });
});
