import { describe, expect, it } from 'vitest';
import {
  DAY_MS,
  arrivedAtMailbox,
  isInMailbox,
  storageStatus,
  storageTermsOf,
  type StorageTerms,
} from '../../src/lib/storage/storage-deadline.ts';

const ARRIVED = new Date('2026-03-01T10:00:00Z');
const HOUR_MS = 60 * 60 * 1000;
const at = (ms: number) => new Date(ARRIVED.getTime() + ms);
const BASIC: StorageTerms = { freeDays: 30, feePerDay: 0.5, currency: 'USD', nearDeadlineDays: 3 };

describe('storage terms by plan (src/content/data/storage.json)', () => {
  it('gives each plan its free days and one daily fee', () => {
    expect(storageTermsOf(1)).toEqual(BASIC);
    expect(storageTermsOf(2).freeDays).toBe(60);
    expect(storageTermsOf(3).freeDays).toBe(60);
    expect(storageTermsOf(5).freeDays).toBe(90);
  });

  it("gives a plan the data doesn't list the basic plan's days", () => {
    expect(storageTermsOf(4).freeDays).toBe(30);
    expect(storageTermsOf(99).freeDays).toBe(30);
  });

  it('counts the days of packages at a mailbox only: received, in the account, waiting for an invoice, claimed', () => {
    expect([1, 3, 4, 5, 6, 13, 14, 15, 18, 20, 22, 28, 29].filter(isInMailbox)).toEqual([3, 5, 6, 28]);
  });
});

describe('free storage left', () => {
  it('on arrival, has every free day left and ends exactly that many days later', () => {
    const s = storageStatus(ARRIVED, ARRIVED, BASIC);
    expect(s).toEqual({
      freeUntil: at(30 * DAY_MS),
      freeDaysLeft: 30,
      feeDays: 0,
      feeSoFar: 0,
      nearDeadline: false,
    });
  });

  it('counts a day begun as a whole day', () => {
    expect(storageStatus(ARRIVED, at(1), BASIC).freeDaysLeft).toBe(30);
    expect(storageStatus(ARRIVED, at(DAY_MS - 1), BASIC).freeDaysLeft).toBe(30);
    expect(storageStatus(ARRIVED, at(DAY_MS), BASIC).freeDaysLeft).toBe(29);
    expect(storageStatus(ARRIVED, at(DAY_MS + 1), BASIC).freeDaysLeft).toBe(29);
  });

  it('is near the deadline from 3 days left, not a moment before', () => {
    const threeLeft = 27 * DAY_MS;
    expect(storageStatus(ARRIVED, at(threeLeft - 1), BASIC)).toMatchObject({ freeDaysLeft: 4, nearDeadline: false });
    expect(storageStatus(ARRIVED, at(threeLeft), BASIC)).toMatchObject({ freeDaysLeft: 3, nearDeadline: true });
    expect(storageStatus(ARRIVED, at(29 * DAY_MS + HOUR_MS), BASIC)).toMatchObject({
      freeDaysLeft: 1,
      nearDeadline: true,
    });
  });

  it('exactly at the deadline, has no free day left and owes nothing yet', () => {
    expect(storageStatus(ARRIVED, at(30 * DAY_MS - 1), BASIC)).toMatchObject({ freeDaysLeft: 1, feeDays: 0 });
    expect(storageStatus(ARRIVED, at(30 * DAY_MS), BASIC)).toMatchObject({
      freeDaysLeft: 0,
      feeDays: 0,
      feeSoFar: 0,
      nearDeadline: true,
    });
  });

  it('after the deadline, charges each day begun at the daily fee', () => {
    expect(storageStatus(ARRIVED, at(30 * DAY_MS + 1), BASIC)).toMatchObject({
      freeDaysLeft: 0,
      feeDays: 1,
      feeSoFar: 0.5,
    });
    expect(storageStatus(ARRIVED, at(31 * DAY_MS), BASIC)).toMatchObject({ feeDays: 1, feeSoFar: 0.5 });
    expect(storageStatus(ARRIVED, at(31 * DAY_MS + 1), BASIC)).toMatchObject({ feeDays: 2, feeSoFar: 1 });
    expect(storageStatus(ARRIVED, at(37 * DAY_MS - HOUR_MS), BASIC)).toMatchObject({ feeDays: 7, feeSoFar: 3.5 });
  });

  it('keeps the fee to the cent whatever the daily amount', () => {
    const odd = { ...BASIC, feePerDay: 0.35 };
    expect(storageStatus(ARRIVED, at(33 * DAY_MS), odd).feeSoFar).toBe(1.05);
  });

  it("gives a longer plan's customer its longer free storage", () => {
    const flex = storageTermsOf(5);
    expect(storageStatus(ARRIVED, at(60 * DAY_MS), flex)).toMatchObject({ freeDaysLeft: 30, nearDeadline: false });
  });
});

describe('arrival at the mailbox', () => {
  const received = new Date('2026-02-27T00:00:00Z');
  const event = (statusId: number, at: string) => ({ statusId, at });

  it('is the first "received at origin warehouse" event', () => {
    const history = [
      event(1, '2026-02-27T00:00:00Z'),
      event(3, '2026-02-28T09:30:00Z'),
      event(5, '2026-03-01T00:00:00Z'),
      event(3, '2026-03-04T00:00:00Z'),
    ];
    expect(arrivedAtMailbox(history, received)).toEqual(new Date('2026-02-28T09:30:00Z'));
  });

  it('is the order of time, not of the list, that decides', () => {
    const history = [event(5, '2026-03-02T00:00:00Z'), event(3, '2026-03-01T12:00:00Z')];
    expect(arrivedAtMailbox(history, received)).toEqual(new Date('2026-03-01T12:00:00Z'));
  });

  it('without that event, is the first event that put it in the mailbox (claimed, listed into the account)', () => {
    const claimed = [event(4, '2026-02-28T00:00:00Z'), event(28, '2026-03-02T08:00:00Z')];
    expect(arrivedAtMailbox(claimed, received)).toEqual(new Date('2026-03-02T08:00:00Z'));
    expect(arrivedAtMailbox([event(6, '2026-03-03T00:00:00Z')], received)).toEqual(new Date('2026-03-03T00:00:00Z'));
  });

  it("without any, is the shipment's own received date", () => {
    expect(arrivedAtMailbox([], received)).toEqual(received);
    expect(arrivedAtMailbox([event(1, '2026-02-27T00:00:00Z'), event(3, 'not a date')], received)).toEqual(received);
  });
});
