import { describe, expect, it } from 'vitest';
import type { CurrentServiceOption } from '../../src/lib/api/service-options/contract.ts';
import {
  optionFor,
  placeFitsOption,
  placesForTab,
  receptionByCode,
  selectionFailed,
  selectionSaved,
  selectionState,
  startSelection,
  visibleTabs,
  workingDaysRange,
} from '../../src/lib/service-options/service-options.ts';

const place = (id: string, typeIds: (1 | 3 | 4)[]) => ({ id, typeIds });
const locker = place('10101', [1]);
const outlet = place('20202', [3]);
const reception = place('AMM', [3, 4]);
const delivery: CurrentServiceOption = { locationId: 0, service: { id: 2, name: 'Delivery' } };

describe('tabs and places (spec 1 §2.7)', () => {
  it('offers outlets and receptions for pickup and lockers for the locker tab', () => {
    expect(placesForTab([locker, outlet, reception], 'pickup')).toEqual([outlet, reception]);
    expect(placesForTab([locker, outlet, reception], 'locker')).toEqual([locker]);
    expect(placesForTab([locker, outlet, reception], 'delivery')).toEqual([]);
    expect(placeFitsOption(locker, 3)).toBe(true);
    expect(placeFitsOption(locker, 1)).toBe(false);
  });

  it('always shows delivery, and the others only when offices exist and the country offers them', () => {
    expect(visibleTabs([locker, outlet], [1, 2, 3])).toEqual(['pickup', 'locker', 'delivery']);
    expect(visibleTabs([outlet], [1, 2, 3])).toEqual(['pickup', 'delivery']);
    expect(visibleTabs([], [1, 2, 3])).toEqual(['delivery']);
    expect(visibleTabs([locker, outlet], [2])).toEqual(['delivery']);
  });

  it('looks a place up by code among receptions only (spec 1 §5)', () => {
    expect(receptionByCode([locker, outlet, reception], 'amm')).toBe(reception);
    expect(receptionByCode([locker, outlet, reception], '20202')).toBeNull();
  });

  it('shows working days first–last', () => {
    expect(workingDaysRange('Sun,Mon,Tue,Wed,Thu')).toEqual(['Sun', 'Thu']);
    expect(workingDaysRange('Sat,Sun,Mon,Tue,Wed,Thu')).toEqual(['Sat', 'Thu']);
    expect(workingDaysRange('Fri')).toEqual(['Fri', 'Fri']);
    expect(workingDaysRange('')).toBeNull();
  });
});

describe('option selection (spec 1 §4.7)', () => {
  it('marks a new choice in progress at once, backs up the previous one, and keeps the saved one', () => {
    const state = selectionState(delivery);
    const started = startSelection(state, optionFor('locker', '10101', 'Marina'))!;
    expect(started).toEqual({
      current: { locationId: '10101', service: { id: 3, name: 'Marina' } },
      backup: delivery,
      inProgress: '10101',
    });
    const saved = { locationId: '10101', service: { id: 3 as const, name: 'Locker' } };
    expect(selectionSaved(saved)).toEqual({ current: saved, backup: saved, inProgress: null });
  });

  it('restores the previous choice when the update fails', () => {
    const started = startSelection(selectionState(delivery), optionFor('pickup', 'AMM', 'Amman'))!;
    expect(selectionFailed(started)).toEqual({ current: delivery, backup: delivery, inProgress: null });
  });

  it('does nothing for the choice already made, or while another is being saved', () => {
    const state = selectionState(delivery);
    expect(startSelection(state, optionFor('delivery', 0, ''))).toBeNull();
    const started = startSelection(state, optionFor('locker', '10101', 'Marina'))!;
    expect(startSelection(started, optionFor('pickup', 'AMM', 'Amman'))).toBeNull();
    const saved = selectionSaved(started.current);
    expect(startSelection(saved, optionFor('locker', '10101', 'Marina'))).toBeNull();
    expect(startSelection(saved, optionFor('locker', '10102', 'Other'))).not.toBeNull();
  });
});
