import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../src/i18n/i18n.ts';
import { catalogues } from '../../src/i18n/catalogues.ts';
import { CLOSED_STATUS } from '../../src/lib/api/account-home/contract.ts';
import { requestStatusKey, requestStatusName } from '../../src/lib/account-home/request-status.ts';

describe('request statuses', () => {
  it('have a catalogue key for open, in progress and closed, with text in both languages', () => {
    expect([1, 2, CLOSED_STATUS].map(requestStatusKey)).toEqual([
      'requests.status.open',
      'requests.status.inProgress',
      'requests.status.closed',
    ]);
    for (const key of ['requests.status.open', 'requests.status.inProgress', 'requests.status.closed']) {
      expect(catalogues.en[key], key).toBeTruthy();
      expect(catalogues.ar[key], key).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it('are named in the reader’s language, and an unknown one as the API describes it', () => {
    const ar = createTranslator('ar', catalogues.ar);
    expect(requestStatusName(ar, { status: 2, statusDesc: 'In progress' })).toBe(
      catalogues.ar['requests.status.inProgress'],
    );
    expect(requestStatusName(ar, { status: 3, statusDesc: 'Closed' })).toBe('مغلق');
    expect(requestStatusKey(7)).toBeNull();
    expect(requestStatusName(ar, { status: 7, statusDesc: 'Escalated' })).toBe('Escalated');
  });
});
