/**
 * Rules of the tracking page (spec 1 §4.9, §5 invoice form): the private section, the GST rule, the truck's
 * place on its bar, and the invoice form's checks.
 */
import { dirOf, type Lang } from '../../i18n/languages.ts';
import { INVOICE_QUEUE_LIMIT, fileProblems, type FileProblem } from '../uploads/file-rules.ts';

const sameStatus = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

/** The owner's private section shows unless the shipment is still 'In Account'. */
export function showsPrivateSection(shipment: { isUserOwner: boolean; currentStatus: string }): boolean {
  return shipment.isUserOwner && !sameStatus(shipment.currentStatus, 'In Account');
}

/** GST: a shipment in 'need e-invoice' with no declared value must have its invoice before it can go on. */
export function gstRuleApplies(shipment: {
  currentStatus: string;
  customsDeclaredValue?: number | null | undefined;
}): boolean {
  const declared = shipment.customsDeclaredValue;
  return (
    sameStatus(shipment.currentStatus, 'need e-invoice') &&
    (declared === null || declared === undefined || declared <= 0)
  );
}

export interface TruckPlacement {
  /** The physical edge the truck starts from: left in a left-to-right language, right in a right-to-left one. */
  edge: 'left' | 'right';
  /** How far from that edge, 0 to 100. */
  percent: number;
}

/** Where the truck stands on its bar for a trackingProgress. */
export function truckPlacement(trackingProgress: number, lang: Lang): TruckPlacement {
  const percent = Number.isFinite(trackingProgress) ? Math.min(100, Math.max(0, Math.round(trackingProgress))) : 0;
  return { edge: dirOf(lang) === 'ltr' ? 'left' : 'right', percent };
}

/** Inquiry (562) and claim (830) requests about a shipment. */
export const SHIPMENT_REQUEST_CATEGORIES = { inquiry: 562, claim: 830 } as const;

export interface InvoiceFormState {
  /** As typed. */
  cost: string;
  /** Not chosen yet: null. */
  hasInvoice: boolean | null;
  agreement: boolean;
  files: readonly { name: string; size: number }[];
}

export type InvoiceProblem = 'cost' | 'hasInvoice' | 'agreement' | FileProblem;

/** A cost: more than 0, at most 2 decimals. */
export function parseCost(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,7}(?:[.,]\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return value > 0 ? value : null;
}

/** What stops the invoice form from being sent (spec 1 §5: valid and confirmed; at most 5 files). */
export function invoiceProblems(form: InvoiceFormState): InvoiceProblem[] {
  const problems: InvoiceProblem[] = [];
  if (parseCost(form.cost) === null) problems.push('cost');
  if (form.hasInvoice === null) problems.push('hasInvoice');
  problems.push(...fileProblems(form.files, { required: form.hasInvoice === true, limit: INVOICE_QUEUE_LIMIT }));
  if (!form.agreement) problems.push('agreement');
  return problems;
}

/** Why a chosen invoice file is not kept. */
export type LeftOutReason = Exclude<FileProblem, 'fileRequired'>;

export interface InvoiceFilePick<F> {
  /** What will be sent: the acceptable files, in the order chosen, five at most. */
  kept: F[];
  /** The others, each with why. */
  leftOut: { file: F; reason: LeftOutReason }[];
}

/**
 * The files chosen for the invoice (spec 2 §5, §9: five at most), sorted out when they are chosen: a file of a
 * type or size that would be refused is left out, and so is every acceptable file after the fifth; the customer
 * is told which and why, and sends the rest.
 */
export function pickInvoiceFiles<F extends { name: string; size: number }>(chosen: readonly F[]): InvoiceFilePick<F> {
  const pick: InvoiceFilePick<F> = { kept: [], leftOut: [] };
  for (const file of chosen) {
    const [problem] = fileProblems([file], { required: false, limit: 1 });
    if (problem && problem !== 'fileRequired') pick.leftOut.push({ file, reason: problem });
    else if (pick.kept.length >= INVOICE_QUEUE_LIMIT) pick.leftOut.push({ file, reason: 'fileQueueLimit' });
    else pick.kept.push(file);
  }
  return pick;
}

/** The agreement is given again whenever the has-invoice choice or the file list changes (spec 1 §5). */
export function agreementAfter(
  before: Pick<InvoiceFormState, 'hasInvoice' | 'files' | 'agreement'>,
  after: Pick<InvoiceFormState, 'hasInvoice' | 'files'>,
): boolean {
  const sameFiles = before.files.length === after.files.length && before.files.every((f, i) => f === after.files[i]);
  return before.hasInvoice === after.hasInvoice && sameFiles ? before.agreement : false;
}
