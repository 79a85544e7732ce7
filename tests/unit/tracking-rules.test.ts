import { describe, expect, it } from 'vitest';
import {
  agreementAfter,
  gstRuleApplies,
  invoiceProblems,
  parseCost,
  pickInvoiceFiles,
  showsPrivateSection,
  truckPlacement,
  type InvoiceFormState,
} from '../../src/lib/tracking/tracking-rules.ts';

describe('private section (spec 1 §4.9)', () => {
  it.each([
    [true, 'Held at customs', true],
    [true, 'Delivered', true],
    [true, 'In Account', false],
    [true, 'in account ', false],
    [false, 'Held at customs', false],
    [false, 'In Account', false],
  ])('owner %s, status %s → %s', (isUserOwner, currentStatus, shown) => {
    expect(showsPrivateSection({ isUserOwner, currentStatus })).toBe(shown);
  });
});

describe('GST rule (spec 1 §4.9)', () => {
  it.each([
    ['need e-invoice', null, true],
    ['need e-invoice', undefined, true],
    ['Need E-Invoice', 0, true],
    ['need e-invoice', 57, false],
    ['Held at customs', null, false],
    ['In transit', undefined, false],
  ])('status %s, declared %s → %s', (currentStatus, customsDeclaredValue, applies) => {
    expect(gstRuleApplies({ currentStatus, customsDeclaredValue })).toBe(applies);
  });
});

describe('truck position (spec 1 §4.9)', () => {
  it('starts from the left in English and from the right in Arabic', () => {
    expect(truckPlacement(40, 'en')).toEqual({ edge: 'left', percent: 40 });
    expect(truckPlacement(40, 'ar')).toEqual({ edge: 'right', percent: 40 });
  });

  it.each([
    [0, 0],
    [5, 5],
    [74.6, 75],
    [100, 100],
    [140, 100],
    [-3, 0],
    [Number.NaN, 0],
  ])('progress %s → %s%', (progress, percent) => {
    expect(truckPlacement(progress, 'en').percent).toBe(percent);
  });
});

describe('invoice form (spec 1 §5)', () => {
  const file = (name = 'invoice.pdf', size = 1000) => ({ name, size });
  const valid: InvoiceFormState = { cost: '120.50', hasInvoice: true, agreement: true, files: [file()] };

  it('is valid when the cost, the choice, the files and the agreement are there', () => {
    expect(invoiceProblems(valid)).toEqual([]);
    expect(invoiceProblems({ ...valid, hasInvoice: false, files: [] })).toEqual([]);
  });

  it.each([
    [{ cost: '' }, 'cost'],
    [{ cost: '0' }, 'cost'],
    [{ cost: '12.345' }, 'cost'],
    [{ cost: 'abc' }, 'cost'],
    [{ hasInvoice: null }, 'hasInvoice'],
    [{ agreement: false }, 'agreement'],
    [{ files: [] }, 'fileRequired'],
    [{ files: Array.from({ length: 6 }, () => file()) }, 'fileQueueLimit'],
    [{ files: [file('invoice.exe')] }, 'fileFormat'],
    [{ files: [file('big.pdf', 4_194_305)] }, 'fileSizeLimit'],
  ] as const)('%o → %s', (change, problem) => {
    expect(invoiceProblems({ ...valid, ...change })).toContain(problem);
  });

  it('takes five files', () => {
    expect(invoiceProblems({ ...valid, files: Array.from({ length: 5 }, () => file()) })).toEqual([]);
  });

  it('reads a cost with a point or a comma, above 0 and with 2 decimals at most', () => {
    expect(parseCost('12')).toBe(12);
    expect(parseCost(' 12,5 ')).toBe(12.5);
    expect(parseCost('0.01')).toBe(0.01);
    expect(parseCost('0.00')).toBeNull();
    expect(parseCost('1e3')).toBeNull();
  });

  it('resets the agreement when the has-invoice choice or the file list changes, and only then', () => {
    const files = [file()];
    const before = { hasInvoice: true, files, agreement: true };
    expect(agreementAfter(before, { hasInvoice: true, files })).toBe(true);
    expect(agreementAfter(before, { hasInvoice: false, files })).toBe(false);
    expect(agreementAfter(before, { hasInvoice: true, files: [...files, file('b.pdf')] })).toBe(false);
    expect(agreementAfter(before, { hasInvoice: true, files: [file()] })).toBe(false);
    expect(agreementAfter({ ...before, agreement: false }, { hasInvoice: true, files })).toBe(false);
  });
});

describe('invoice files as they are chosen (spec 2 §5, §9: five at most)', () => {
  const file = (name: string, size = 1000) => ({ name, size });
  const names = (files: readonly { name: string }[]) => files.map((f) => f.name);

  it('keeps up to five, in the order chosen', () => {
    const five = [1, 2, 3, 4, 5].map((n) => file(`invoice-${n}.pdf`));
    expect(pickInvoiceFiles(five)).toEqual({ kept: five, leftOut: [] });
    expect(pickInvoiceFiles([])).toEqual({ kept: [], leftOut: [] });
  });

  it('leaves out every file after the fifth, and says so', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7].map((n) => file(`invoice-${n}.pdf`));
    const pick = pickInvoiceFiles(seven);
    expect(names(pick.kept)).toEqual([
      'invoice-1.pdf',
      'invoice-2.pdf',
      'invoice-3.pdf',
      'invoice-4.pdf',
      'invoice-5.pdf',
    ]);
    expect(pick.leftOut.map(({ file: f, reason }) => [f.name, reason])).toEqual([
      ['invoice-6.pdf', 'fileQueueLimit'],
      ['invoice-7.pdf', 'fileQueueLimit'],
    ]);
  });

  it('leaves out files that would be refused, so a valid file after them takes their place', () => {
    const chosen = [
      file('invoice-1.pdf'),
      file('notes.txt'),
      file('invoice-2.PDF'),
      file('scan.png', 4_194_305),
      file('empty.jpg', 0),
      file('invoice-3.docx'),
      file('invoice-4.gif'),
      file('invoice-5.jpeg'),
      file('invoice-6.doc'),
    ];
    const pick = pickInvoiceFiles(chosen);
    expect(names(pick.kept)).toEqual([
      'invoice-1.pdf',
      'invoice-2.PDF',
      'invoice-3.docx',
      'invoice-4.gif',
      'invoice-5.jpeg',
    ]);
    expect(pick.leftOut.map(({ file: f, reason }) => [f.name, reason])).toEqual([
      ['notes.txt', 'fileFormat'],
      ['scan.png', 'fileSizeLimit'],
      ['empty.jpg', 'fileSizeLimit'],
      ['invoice-6.doc', 'fileQueueLimit'],
    ]);
    // What is kept passes the form's own file check.
    expect(invoiceProblems({ cost: '10', hasInvoice: true, agreement: true, files: pick.kept })).toEqual([]);
  });
});
