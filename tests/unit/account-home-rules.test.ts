import { describe, expect, it } from 'vitest';
import { chosenTab, defaultTab, visibleTabs } from '../../src/lib/account-home/tabs.ts';
import { claimNeedsFile, claimProcess, type ClaimSearch } from '../../src/lib/account-home/claim-process.ts';
import { howToUseTarget } from '../../src/lib/account-home/how-to-use.ts';
import { matchesAddress } from '../../src/lib/account-home/address-search.ts';
import { flexAvailable } from '../../src/lib/account-home/flex.ts';
import { kgToLb } from '../../src/lib/account-home/units.ts';
import { needsAttachment, SUBMIT_CATEGORIES, submitCategoryOf } from '../../src/lib/account-home/request-forms.ts';

describe('account-home tabs (spec 1 §2.3)', () => {
  it.each([
    [{ addressCount: 0, packageCount: 0, hasMailboxes: false }, ['profile']],
    [{ addressCount: 0, packageCount: 0, hasMailboxes: true }, ['profile', 'requests', 'claim']],
    [
      { addressCount: 2, packageCount: 0, hasMailboxes: true },
      ['addresses', 'packages', 'profile', 'messages', 'requests', 'claim'],
    ],
  ])('%j shows %j', (facts, tabs) => {
    expect(visibleTabs(facts)).toEqual(tabs);
  });

  it.each([
    [{ addressCount: 0, packageCount: 3, hasMailboxes: true }, 'profile'],
    [{ addressCount: 2, packageCount: 3, hasMailboxes: true }, 'packages'],
    [{ addressCount: 2, packageCount: 0, hasMailboxes: true }, 'addresses'],
  ])('%j opens on %s', (facts, tab) => {
    expect(defaultTab(facts)).toBe(tab);
  });

  it('keeps the tab of the URL only when it is shown', () => {
    const withAddresses = { addressCount: 2, packageCount: 1, hasMailboxes: true };
    expect(chosenTab('messages', withAddresses)).toBe('messages');
    expect(chosenTab('bogus', withAddresses)).toBe('packages');
    expect(chosenTab(null, withAddresses)).toBe('packages');
    expect(chosenTab('messages', { addressCount: 0, packageCount: 0, hasMailboxes: false })).toBe('profile');
  });
});

describe('claim process (spec 1 §4.4)', () => {
  const found = (customerId: number, lastPi: number, isUserOwner: boolean): ClaimSearch => ({
    kind: 'found',
    customerId,
    lastPi,
    isUserOwner,
  });
  it.each([
    ['no tracking number', { kind: 'no-tracking-number' } as ClaimSearch, 0, 566],
    ['search returns 404', { kind: 'not-found' } as ClaimSearch, 4, 830],
    ['customerID 0 and lastPI 4', found(0, 4, false), 2, 8198],
    ['not owner, lastPI 3', found(77, 3, false), 3, 831],
    ['not owner, lastPI 18', found(77, 18, false), 3, 831],
    ['not owner, lastPI 29', found(77, 29, false), 3, 831],
    ['owner', found(12, 3, true), 5, null],
    ['owner, delivered', found(12, 20, true), 5, null],
    ['lastPI 13, customerID 0', found(0, 13, false), 6, 8633],
    ['lastPI 14, owner', found(12, 14, true), 6, 8633],
    ['lastPI 15, owned by another', found(77, 15, false), 7, 8633],
    ['lastPI 1, not owner', found(77, 1, false), 8, 567],
    ['lastPI 1, customerID 0', found(0, 1, false), 8, 567],
  ])('%s → process %i, subCategory %s', (_, search, process, subCategory) => {
    expect(claimProcess(search)).toEqual({ process, subCategory });
  });

  it('has no rule for another customer’s package in other states', () => {
    expect(claimProcess(found(77, 20, false))).toBeNull();
  });

  it('needs a file unless the process is 2, 6 or 8 (spec 1 §5)', () => {
    expect([0, 2, 3, 4, 6, 7, 8].filter((p) => claimNeedsFile(p as 0))).toEqual([0, 3, 4, 7]);
  });
});

describe('how-to-use (spec 1 §2.5)', () => {
  const mailboxes = [
    { countryCode: 'US', entity: 'NYC' },
    { countryCode: 'GB', entity: 'LON' },
    { countryCode: 'ES', entity: 'BCN' },
  ];
  it('keeps a known country and entity', () => {
    expect(howToUseTarget(mailboxes, 'GB', 'LON')).toEqual({ countryCode: 'GB', entity: 'LON', redirect: false });
  });
  it('an unknown country goes to ES / BCN', () => {
    expect(howToUseTarget(mailboxes, 'XX', undefined)).toEqual({ countryCode: 'ES', entity: 'BCN', redirect: true });
  });
  it('an unknown entity goes to the country’s first entity; the bare country too', () => {
    expect(howToUseTarget(mailboxes, 'US', 'ZZZ')).toEqual({ countryCode: 'US', entity: 'NYC', redirect: true });
    expect(howToUseTarget(mailboxes, 'US', undefined)).toEqual({ countryCode: 'US', entity: 'NYC', redirect: true });
  });
  it('without a Spanish mailbox, falls back to the first one', () => {
    expect(howToUseTarget(mailboxes.slice(0, 2), 'XX', undefined)).toEqual({
      countryCode: 'US',
      entity: 'NYC',
      redirect: true,
    });
    expect(howToUseTarget([], 'US', 'NYC')).toBeNull();
  });
});

describe('address search (spec 1 §2.3)', () => {
  const address = { alias: 'New York', entity: 'NYC', country: 'United States', countryCode: 'US' };
  it.each([
    ['', true],
    ['new', true],
    ['NEW Y', true],
    ['nyc', true],
    ['united', true],
    ['us', true],
    ['york', false],
    ['states', false],
    ['lon', false],
  ])('%j matches: %s', (query, matches) => {
    expect(matchesAddress(address, query)).toBe(matches);
  });
});

describe('flex availability (spec 1 §4.5)', () => {
  it.each([
    [[], false],
    [[{ planId: 1 }], false],
    [[{ planId: 5 }], true],
    [[{ planId: 1 }, { planId: 2 }], true],
    [[{ planId: 2 }], false],
  ])('%j → %s', (plans, available) => {
    expect(flexAvailable(plans)).toBe(available);
  });
});

describe('weights', () => {
  it('shows kilograms in pounds to 2 decimals', () => {
    expect(kgToLb(1)).toBe(2.2);
    expect(kgToLb(2.5)).toBe(5.51);
    expect(kgToLb(0)).toBe(0);
  });
});

describe('request forms (spec 1 §3 categories, §5)', () => {
  it('offers every category but claims on the submit page', () => {
    expect([...SUBMIT_CATEGORIES].sort()).toEqual([559, 560, 562, 563, 6407]);
    expect(submitCategoryOf('562')).toBe(562);
    expect(submitCategoryOf('830')).toBeNull();
    // About one shipment (from its tracking page), a claim too.
    expect(submitCategoryOf('830', true)).toBe(830);
    expect(submitCategoryOf('562', true)).toBe(562);
    expect(submitCategoryOf('x')).toBeNull();
  });
  it('needs an attachment for inquiries (562) and claims (830) only', () => {
    expect([559, 560, 562, 563, 830, 6407].filter((c) => needsAttachment(c as 559))).toEqual([562, 830]);
    expect(needsAttachment(null)).toBe(false);
  });
});
