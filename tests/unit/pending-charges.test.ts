import { describe, expect, it } from 'vitest';
import type { PendingShipment } from '../../src/lib/api/pending-payments/contract.ts';
import {
  chargeLines,
  emptySelection,
  payableCurrency,
  selectedIds,
  shipmentTotalMinor,
  sumLines,
  toggleShipment,
  type Selection,
} from '../../src/lib/payments/pending-charges.ts';

function shipment(id: number, amounts: [number, number, number, number], currencyCode = 'USD'): PendingShipment {
  const [shipping, services, tax, customs] = amounts;
  return {
    hawb: { id, number: `SB${7_000_000 + id}` },
    currencyCode,
    commodity: { description: 'Running shoes', name: 'Northwind Outfitters' },
    charges: [
      {
        type: 'cc',
        details: [
          { name: 'Shipping Charges', amount: shipping },
          { name: 'Additional Services', amount: services },
          { name: 'Tax', amount: tax },
        ],
      },
      { type: 'custom', amount: customs },
    ],
  };
}

const totalOf = (selection: Selection, currency = 'USD') => {
  const lines = selection.totals.get(currency)?.lines;
  return lines ? sumLines(lines) : 0;
};

describe('shipment charges (spec 1 §3 pending shipment)', () => {
  it('reads each cc line and customs in minor units, without floating-point drift', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; in cents it is 30.
    const s = shipment(1, [0.1, 0.2, 1.15, 20.05]);
    expect(chargeLines(s.charges, 'USD')).toEqual({ shipping: 10, services: 20, tax: 115, customs: 2005 });
    expect(shipmentTotalMinor(s)).toBe(2150);
    // Three decimals in Jordanian dinars.
    expect(shipmentTotalMinor(shipment(2, [1.005, 0.5, 0.125, 2], 'JOD'))).toBe(3630);
  });
});

describe('selecting and deselecting (spec 1 §4.10)', () => {
  const a = shipment(1, [14.5, 2, 1.6, 20]);
  const b = shipment(2, [15.5, 2, 1.6, 25.75]);
  const c = shipment(3, [16.5, 2, 1.6, 31.5]);

  it('adds a shipment’s charges when selected and takes them away when deselected, exactly', () => {
    let selection = toggleShipment(emptySelection(), a);
    expect(totalOf(selection)).toBe(3810);
    selection = toggleShipment(selection, b);
    expect(totalOf(selection)).toBe(3810 + 4485);
    expect(selection.totals.get('USD')?.lines).toEqual({ shipping: 3000, services: 400, tax: 320, customs: 4575 });
    selection = toggleShipment(selection, a);
    expect(totalOf(selection)).toBe(4485);
    selection = toggleShipment(selection, b);
    expect(selection.totals.size).toBe(0);
    expect(selection.ids.size).toBe(0);
  });

  it('ends where it started after any order of toggles (no drift over many)', () => {
    const shipments = [a, b, c, shipment(4, [0.1, 0.2, 0.3, 0.7]), shipment(5, [9.99, 0.01, 0.33, 0.67])];
    let selection = emptySelection();
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 2_000; i++) selection = toggleShipment(selection, shipments[Math.floor(random() * 5)]!);
    const expected = shipments
      .filter((s) => selection.ids.has(s.hawb.id))
      .reduce((sum, s) => sum + shipmentTotalMinor(s), 0);
    expect(totalOf(selection)).toBe(expected);
  });

  it('pays one currency at a time, and lists the selection in list order', () => {
    const jod = shipment(9, [3, 0.5, 0.25, 4], 'JOD');
    let selection = toggleShipment(toggleShipment(emptySelection(), c), a);
    expect(payableCurrency(selection)).toBe('USD');
    expect(selectedIds(selection, [a, b, c])).toEqual([1, 3]);
    selection = toggleShipment(selection, jod);
    expect(payableCurrency(selection)).toBeNull();
    expect(totalOf(selection, 'JOD')).toBe(7750);
    selection = toggleShipment(selection, jod);
    expect(payableCurrency(selection)).toBe('USD');
    expect(payableCurrency(emptySelection())).toBeNull();
  });
});
