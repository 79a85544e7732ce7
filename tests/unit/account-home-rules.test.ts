import { describe, expect, it } from 'vitest';
import { chosenTab, defaultTab, visibleTabs } from '../../src/lib/account-home/tabs.ts';
import {
  claimNeedsFile,
  claimProcess,
  foundOutcome,
  type ClaimSearch,
} from '../../src/lib/account-home/claim-process.ts';
import { howToUseTarget } from '../../src/lib/account-home/how-to-use.ts';
import { matchesAddress } from '../../src/lib/account-home/address-search.ts';
import { flexAvailable } from '../../src/lib/account-home/flex.ts';
import {
  asksForWaybill,
  needsAttachment,
  needsWaybill,
  SUBMIT_CATEGORIES,
  submitCategoryOf,
  submitRequestFormSchema,
} from '../../src/lib/account-home/request-forms.ts';

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

describe('a package found by the claim search', () => {
  const pkg = (customerId: number, lastPi: number, isUserOwner = false, ownClaim: string | null = null) => ({
    customerId,
    lastPi,
    isUserOwner,
    ownClaim: ownClaim ? { caseReference: ownClaim } : null,
  });
  it.each([
    ['unidentified, not claimed yet', pkg(0, 4), { kind: 'process', decision: { process: 2, subCategory: 8198 } }],
    [
      'claimed by the customer (open claim)',
      pkg(0, 28, false, 'CAS-123456'),
      { kind: 'claimedByYou', caseReference: 'CAS-123456' },
    ],
    // An open claim comes first, whatever state the package is in: one case per package.
    [
      'in transit, claimed by the customer',
      pkg(77, 3, false, 'CAS-654321'),
      { kind: 'claimedByYou', caseReference: 'CAS-654321' },
    ],
    ['claimed by someone (status 28)', pkg(0, 28), { kind: 'claimed' }],
    ['claimed, a customer number on it', pkg(-1, 28), { kind: 'claimed' }],
    ["another customer's, out for delivery", pkg(-1, 20), { kind: 'notClaimable' }],
    ['the owner’s own', pkg(12, 3, true), { kind: 'process', decision: { process: 5, subCategory: null } }],
  ])('%s', (_, found, outcome) => {
    expect(foundOutcome(found)).toEqual(outcome);
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
  it('the bare route is an unknown country too', () => {
    expect(howToUseTarget(mailboxes, undefined, undefined)).toEqual({
      countryCode: 'ES',
      entity: 'BCN',
      redirect: true,
    });
  });
  it('a country in lower case is the same country; the address takes its case', () => {
    expect(howToUseTarget(mailboxes, 'gb', 'lon')).toEqual({ countryCode: 'GB', entity: 'LON', redirect: true });
  });
  it('a Spanish mailbox of another warehouse than BCN is the fallback, as an unknown entity of ES would be', () => {
    const madrid = [...mailboxes.slice(0, 2), { countryCode: 'ES', entity: 'MAD' }];
    expect(howToUseTarget(madrid, 'XX', undefined)).toEqual({ countryCode: 'ES', entity: 'MAD', redirect: true });
  });
  it('without a Spanish mailbox, falls back to the first one, for ES itself too', () => {
    const noSpain = mailboxes.slice(0, 2);
    for (const [country, entity] of [
      ['XX', undefined],
      [undefined, undefined],
      ['ES', 'BCN'],
    ] as const) {
      expect(howToUseTarget(noSpain, country, entity)).toEqual({ countryCode: 'US', entity: 'NYC', redirect: true });
    }
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

describe('request forms (spec 1 §3 categories, §5)', () => {
  it('offers the six categories of spec 1 §3 on the submit page, in its order', () => {
    expect(SUBMIT_CATEGORIES).toEqual([559, 560, 562, 563, 830, 6407]);
    expect(submitCategoryOf('562')).toBe(562);
    expect(submitCategoryOf('830')).toBe(830);
    expect(submitCategoryOf('6407')).toBe(6407);
    expect(submitCategoryOf('561')).toBeNull();
    expect(submitCategoryOf('x')).toBeNull();
    expect(submitCategoryOf(null)).toBeNull();
  });
  it('needs an attachment for inquiries (562) and claims (830) only', () => {
    expect(SUBMIT_CATEGORIES.filter((c) => needsAttachment(c))).toEqual([562, 830]);
    expect(needsAttachment(null)).toBe(false);
  });
  it('asks inquiries and claims for the waybill number, and needs it for a claim only', () => {
    expect(SUBMIT_CATEGORIES.filter((c) => asksForWaybill(c))).toEqual([562, 830]);
    expect(SUBMIT_CATEGORIES.filter((c) => needsWaybill(c))).toEqual([830]);
    const form = { subject: 'Parcel', description: 'It is mine.', waybill: '  ' };
    const waybillIssues = (categoryId: string, waybill = form.waybill) =>
      (submitRequestFormSchema.safeParse({ ...form, categoryId, waybill }).error?.issues ?? [])
        .filter((i) => i.path[0] === 'waybill')
        .map((i) => i.message);
    expect(waybillIssues('830')).toEqual(['validation.awbRequired']);
    expect(waybillIssues('830', 'SB9000105')).toEqual([]);
    expect(waybillIssues('562')).toEqual([]);
    // Shown with the other problems of the form, not after them.
    const blank = submitRequestFormSchema.safeParse({ categoryId: '830', subject: '', description: '', waybill: '' });
    expect(blank.error?.issues.map((i) => i.path[0]).sort()).toEqual(['description', 'subject', 'waybill']);
  });
});
