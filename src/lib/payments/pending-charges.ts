/**
 * Shipment charges (spec 1 §3 pending shipment, §4.10): a shipment's charges in minor units, and the totals of
 * the selected shipments, which selecting or deselecting one adjusts exactly. Integers throughout, so selecting
 * and deselecting in any order never drifts by a cent; amounts become decimals only to be shown or sent.
 */
import type { Charge, CcDetailName, PendingShipment } from '../api/pending-payments/contract.ts';
import { toMinor } from './money.ts';

/** The lines a total shows: the three card-charge lines and customs. */
export type ChargeLine = 'shipping' | 'services' | 'tax' | 'customs';
export const CHARGE_LINES: readonly ChargeLine[] = ['shipping', 'services', 'tax', 'customs'];

const CC_LINES: Record<CcDetailName, ChargeLine> = {
  'Shipping Charges': 'shipping',
  'Additional Services': 'services',
  Tax: 'tax',
};

export type LineAmounts = Record<ChargeLine, number>;

const noLines = (): LineAmounts => ({ shipping: 0, services: 0, tax: 0, customs: 0 });

/** A shipment's charges per line, in minor units of its currency. */
export function chargeLines(charges: readonly Charge[], currency: string): LineAmounts {
  const lines = noLines();
  for (const charge of charges) {
    if (charge.type === 'custom') lines.customs += toMinor(charge.amount, currency);
    else for (const detail of charge.details) lines[CC_LINES[detail.name]] += toMinor(detail.amount, currency);
  }
  return lines;
}

export function sumLines(lines: LineAmounts): number {
  return CHARGE_LINES.reduce((sum, line) => sum + lines[line], 0);
}

/** What a shipment owes in all, in minor units. */
export function shipmentTotalMinor(shipment: Pick<PendingShipment, 'charges' | 'currencyCode'>): number {
  return sumLines(chargeLines(shipment.charges, shipment.currencyCode));
}

/** The selected shipments of one currency: how many, and their charges per line. */
export interface CurrencyTotals {
  count: number;
  lines: LineAmounts;
}

/** Totals of a selection, per currency (shipments may be charged in different currencies). */
export type SelectionTotals = ReadonlyMap<string, CurrencyTotals>;

/** Adds (`sign` 1) or takes away (-1) a shipment's charges from the totals. */
export function adjustTotals(totals: SelectionTotals, shipment: PendingShipment, sign: 1 | -1): SelectionTotals {
  const currency = shipment.currencyCode;
  const lines = chargeLines(shipment.charges, currency);
  const current = totals.get(currency) ?? { count: 0, lines: noLines() };
  const next: CurrencyTotals = { count: current.count + sign, lines: noLines() };
  for (const line of CHARGE_LINES) next.lines[line] = current.lines[line] + sign * lines[line];
  const result = new Map(totals);
  if (next.count <= 0) result.delete(currency);
  else result.set(currency, next);
  return result;
}

export interface Selection {
  /** Selected hawb ids. */
  ids: ReadonlySet<number>;
  totals: SelectionTotals;
}

export const emptySelection = (): Selection => ({ ids: new Set(), totals: new Map() });

/** Selecting a shipment not selected adds its charges; selecting one already selected takes them away. */
export function toggleShipment(selection: Selection, shipment: PendingShipment): Selection {
  const id = shipment.hawb.id;
  const ids = new Set(selection.ids);
  const selected = !ids.has(id);
  if (selected) ids.add(id);
  else ids.delete(id);
  return { ids, totals: adjustTotals(selection.totals, shipment, selected ? 1 : -1) };
}

/** The one currency the selection can be paid in, or null when nothing or several currencies are selected. */
export function payableCurrency(selection: Selection): string | null {
  const currencies = [...selection.totals.keys()];
  return currencies.length === 1 ? (currencies[0] ?? null) : null;
}

/** The selection's hawb ids in list order, joined with commas as the payment URL names them. */
export function selectedIds(selection: Selection, shipments: readonly PendingShipment[]): number[] {
  return shipments.map((s) => s.hawb.id).filter((id) => selection.ids.has(id));
}
