import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { requests, uploads } from '../../server/db/schema.ts';
import {
  PAGINATION_HEADER,
  REQUEST_ATTACHMENT_FIELD,
  claimCasesSchema,
  paginationSchema,
  requestSchema,
  requestsSchema,
  type RequestSearch,
  type SaveRequest,
} from '../../src/lib/api/account-home/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { MAX_FILE_BYTES } from '../../src/lib/uploads/file-rules.ts';
import { DOC, DOCX, GIF, JPEG, MZ, PDF, PNG, pdf } from '../fixtures/files.ts';

interface Session {
  cookie: string;
  guid: string;
}

type SearchLine = NonNullable<RequestSearch['SearchLines']>[number];

const MINUTE = 60_000;
const pagination = (res: Response) => paginationSchema.parse(JSON.parse(res.headers.get(PAGINATION_HEADER) ?? 'null'));

const claim = (awb: string | null, foreignAwb: string | null = null, origin = 'LON') => ({
  Package: { ForeignAWB: foreignAwb, AWB: awb, OriginEntity: origin, DestinationCity: 'Amman' },
  Address: { MailboxNumber: 'AMM 104582' },
});

describe.each(BACKENDS)('requests on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.170');
    other = await t.login('agreement@example.com', '198.51.100.171');
  });
  afterAll(() => t.close());

  const call = (method: string, path: string, as: Session | null, body?: BodyInit) =>
    t.request(path, { method, ...(as ? { cookie: as.cookie } : {}), ...(body === undefined ? {} : { body }) });
  const search = (body: RequestSearch, as: Session | null = demo, guid = demo.guid) =>
    call('POST', `/api/account/${guid}/requests/search`, as, JSON.stringify(body));
  const save = (body: SaveRequest | Record<string, unknown>, as: Session | null = demo, guid = demo.guid) =>
    call('POST', `/api/account/${guid}/requests`, as, JSON.stringify(body));
  const getOne = (id: number | string, as: Session | null = demo, guid = demo.guid) =>
    call('GET', `/api/account/${guid}/requests/${id}`, as);
  const attach = (id: number | string, body: BodyInit, as: Session | null = demo, guid = demo.guid) =>
    call('POST', `/api/account/${guid}/requests/${id}/attachFiles`, as, body);
  /** The same call at the uploads service's path (spec 2 §7 Users and customers). */
  const upload = (id: number | string, body: BodyInit, as: Session | null = demo, guid = demo.guid) =>
    call('POST', `/api/customers/${guid}/uploads/2/${id}`, as, body);
  const download = (id: string, as: Session | null = demo, guid = demo.guid) =>
    call('GET', `/api/customers/${guid}/uploads/2/${id}`, as);
  const error = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];
  const refusal = async (res: Response) => {
    expect(res.status).toBe(400);
    return apiErrorSchema.parse(await res.json());
  };
  const refs = async (res: Response) => requestsSchema.parse(await res.json()).map((r) => r.caseReference);
  const form = (...files: File[]) => {
    const data = new FormData();
    for (const file of files) data.append(REQUEST_ATTACHMENT_FIELD, file);
    return data;
  };
  const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/octet-stream') =>
    new File([bytes], name, { type });
  const storedFiles = () => (existsSync(t.uploadDir) ? readdirSync(t.uploadDir) : []);
  const attachmentRows = (requestId: number) =>
    t.database.db
      .select()
      .from(uploads)
      .where(and(eq(uploads.requestId, requestId), eq(uploads.purpose, '2')));
  const rowOf = async (id: number) => {
    const [row] = await t.database.db.select().from(requests).where(eq(requests.id, id));
    return row!;
  };
  const inquiry = (overrides: Partial<SaveRequest> = {}): SaveRequest => ({
    categoryId: 562,
    subject: 'Where is my parcel?',
    description: 'No update for a week.',
    externalString: 'SB7000110',
    ...overrides,
  });

  describe('search', () => {
    it('lists the requests newest first with X-Pagination, page by page', async () => {
      const all = await search({});
      expect(all.status).toBe(200);
      expect(pagination(all)).toEqual({ TotalCount: 5, PageSize: 10, CurrentPage: 0, TotalPages: 1 });
      const items = requestsSchema.parse(await all.json());
      expect(items.map((r) => r.caseReference)).toEqual([
        'CAS-240415',
        'CAS-240388',
        'CAS-240231',
        'CAS-240117',
        'CAS-239902',
      ]);
      expect(items.find((r) => r.caseReference === 'CAS-239902')).toMatchObject({
        status: 3,
        statusDesc: 'Closed',
        closeCase: true,
        attachments: [],
      });

      const page0 = await search({ pageIndex: 0, pageSize: 2 });
      expect(pagination(page0)).toEqual({ TotalCount: 5, PageSize: 2, CurrentPage: 0, TotalPages: 3 });
      expect(await refs(page0)).toEqual(['CAS-240415', 'CAS-240388']);
      const page1 = await search({ pageIndex: 1, pageSize: 2 });
      expect(pagination(page1)).toEqual({ TotalCount: 5, PageSize: 2, CurrentPage: 1, TotalPages: 3 });
      expect(await refs(page1)).toEqual(['CAS-240231', 'CAS-240117']);
    });

    it('filters by waybill, subcategory, category and status, with eq and ne', async () => {
      const lines = (...SearchLines: SearchLine[]) => search({ SearchLines });
      expect(await refs(await lines({ Field: 'ExternalString', Operator: 'eq', Value: 'sb7000104' }))).toEqual([
        'CAS-240117',
      ]);
      expect(await refs(await lines({ Field: 'SubCategoryID', Operator: 'eq', Value: '830' }))).toEqual(['CAS-240388']);
      expect(await refs(await lines({ Field: 'CategoryID', Operator: 'eq', Value: '562' }))).toEqual([
        'CAS-240415',
        'CAS-240117',
      ]);
      const open = await lines({ Field: 'Status', Operator: 'ne', Value: '3' });
      expect(pagination(open).TotalCount).toBe(4);
      expect(await refs(open)).not.toContain('CAS-239902');
      // The spec's own check: an open request about this shipment in this category.
      expect(
        await refs(
          await lines(
            { Field: 'ExternalString', Operator: 'eq', Value: 'SB7000100' },
            { Field: 'CategoryID', Operator: 'eq', Value: '562' },
            { Field: 'Status', Operator: 'ne', Value: '3' },
          ),
        ),
      ).toEqual(['CAS-240415']);
      // "ne" keeps the requests that have no value at all.
      expect(await refs(await lines({ Field: 'SubCategoryID', Operator: 'ne', Value: '830' }))).toHaveLength(4);
      expect(await refs(await lines({ Field: 'ExternalString', Operator: 'ne', Value: 'SB7000104' }))).toHaveLength(4);
    });

    it('refuses a number field with a value that is not a number, unknown fields and bad bodies', async () => {
      const bad = await refusal(await search({ SearchLines: [{ Field: 'Status', Operator: 'eq', Value: 'open' }] }));
      expect(bad.fieldErrors).toHaveProperty(['SearchLines.0.Value']);
      await refusal(
        await call(
          'POST',
          `/api/account/${demo.guid}/requests/search`,
          demo,
          JSON.stringify({ SearchLines: [{ Field: 'Password', Operator: 'eq', Value: 'x' }] }),
        ),
      );
      await refusal(await search({ pageSize: 0 }));
      expect(await error(await call('POST', `/api/account/${demo.guid}/requests/search`, demo, '{'))).toEqual([
        400,
        'VALIDATION',
      ]);
    });

    it("shows only the user's own requests", async () => {
      const theirs = await search({}, other, other.guid);
      expect(pagination(theirs).TotalCount).toBe(0);
      expect(await theirs.json()).toEqual([]);
    });
  });

  describe('read, create, update, close', () => {
    it('reads one request; 400 for an id that is not a number, 404 for unknown or not the user’s', async () => {
      const [newest] = requestsSchema.parse(await (await search({})).json());
      const res = await getOne(newest!.id);
      expect(res.status).toBe(200);
      expect(requestSchema.parse(await res.json())).toEqual(newest);
      expect(await error(await getOne('abc'))).toEqual([400, 'VALIDATION']);
      expect(await error(await getOne('1.5'))).toEqual([400, 'VALIDATION']);
      expect(await error(await getOne(999_999))).toEqual([404, 'NOT_FOUND']);
      // Beyond any integer column: refused as input the database can't hold (docs/decisions/030).
      expect(await error(await getOne('99999999999'))).toEqual([400, 'VALIDATION']);
      expect(await error(await getOne(newest!.id, other, other.guid))).toEqual([404, 'NOT_FOUND']);
    });

    it('creates an open request with a new case reference (201), newest in the list', async () => {
      t.advance(MINUTE);
      const res = await save(inquiry());
      expect(res.status).toBe(201);
      const created = requestSchema.parse(await res.json());
      expect(created).toMatchObject({
        categoryId: 562,
        subCategory: null,
        status: 1,
        statusDesc: 'Open',
        closeCase: false,
        subject: 'Where is my parcel?',
        description: 'No update for a week.',
        externalString: 'SB7000110',
        attachments: [],
        createdAt: t.clock().toISOString(),
      });
      expect(created.caseReference).toMatch(/^CAS-\d{6}$/);
      expect(await rowOf(created.id)).toMatchObject({ userGuid: demo.guid, caseReference: created.caseReference });
      const [first] = requestsSchema.parse(await (await search({})).json());
      expect(first?.id).toBe(created.id);

      // Only requests about a shipment keep a waybill number.
      const profile = requestSchema.parse(
        await (
          await save({ categoryId: 563, subject: 'New name', description: 'Please', externalString: 'X1' })
        ).json(),
      );
      expect(profile.externalString).toBeNull();
      expect(profile.caseReference).not.toBe(created.caseReference);
    });

    it('creates claims with their claim data and subcategory, and refuses claims without them', async () => {
      const res = await save({
        categoryId: 830,
        subCategory: 8633,
        subject: 'Claim',
        description: 'This parcel is mine.',
        // Departed origin, no customer: process 6 (spec 1 §4.4).
        claim: claim('SB9000203', 'TBA512000203', 'NYC'),
      });
      expect(res.status).toBe(201);
      const created = requestSchema.parse(await res.json());
      // Without an explicit waybill number, the claim's package gives it.
      expect(created).toMatchObject({ categoryId: 830, subCategory: 8633, externalString: 'SB9000203' });
      expect((await rowOf(created.id)).claim).toEqual(claim('SB9000203', 'TBA512000203', 'NYC'));

      const base = { categoryId: 830 as const, subject: 'Claim', description: 'Mine' };
      expect((await refusal(await save({ ...base, subCategory: 8198 }))).fieldErrors).toHaveProperty('claim');
      expect(
        (await refusal(await save({ ...base, subCategory: 999, claim: claim('SB1') }))).fieldErrors,
      ).toHaveProperty('subCategory');
      expect((await refusal(await save({ ...base, claim: claim('SB1') }))).fieldErrors).toHaveProperty('subCategory');
      expect((await refusal(await save(inquiry({ claim: claim('SB1') })))).fieldErrors).toHaveProperty('claim');
      expect((await refusal(await save(inquiry({ closeCase: true })))).fieldErrors).toHaveProperty('closeCase');
      expect((await refusal(await save({ ...inquiry(), categoryId: 561 }))).fieldErrors).toHaveProperty('categoryId');
      expect((await refusal(await save(inquiry({ subject: '  ' })))).fieldErrors).toHaveProperty('subject');
    });

    it('updates the description, closes the request, then refuses any change (409)', async () => {
      const created = requestSchema.parse(await (await save(inquiry())).json());
      const edit = await save({ ...inquiry({ description: 'Found the tracking page, still stuck.' }), id: created.id });
      expect(edit.status).toBe(200);
      expect(requestSchema.parse(await edit.json())).toMatchObject({
        id: created.id,
        caseReference: created.caseReference,
        description: 'Found the tracking page, still stuck.',
        status: 1,
        statusDesc: 'Open',
        closeCase: false,
      });

      const close = await save({ ...inquiry({ description: 'Arrived, thanks.', closeCase: true }), id: created.id });
      expect(close.status).toBe(200);
      expect(requestSchema.parse(await close.json())).toMatchObject({
        description: 'Arrived, thanks.',
        status: 3,
        statusDesc: 'Closed',
        closeCase: true,
      });
      expect(await rowOf(created.id)).toMatchObject({ status: 3, statusDesc: 'Closed', closeCase: true });

      const again = await save({ ...inquiry({ description: 'One more thing' }), id: created.id });
      expect(await error(again)).toEqual([409, 'CONFLICT']);
      expect((await rowOf(created.id)).description).toBe('Arrived, thanks.');
      // The seed's closed request too.
      const [seeded] = requestsSchema.parse(
        await (await search({ SearchLines: [{ Field: 'Status', Operator: 'eq', Value: '3' }] })).json(),
      );
      expect(await error(await save({ ...inquiry(), id: seeded!.id }))).toEqual([409, 'CONFLICT']);
    });

    it("answers 404 for updating an unknown request or another user's", async () => {
      const [mine] = requestsSchema.parse(await (await search({})).json());
      const before = await rowOf(mine!.id);
      expect(await error(await save({ ...inquiry(), id: mine!.id }, other, other.guid))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await save({ ...inquiry(), id: 999_999 }))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await save({ ...inquiry(), id: -1 }))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await save({ ...inquiry(), id: 2 ** 40 }))).toEqual([400, 'VALIDATION']);
      expect(await rowOf(mine!.id)).toEqual(before);
    });
  });

  describe('attachments', () => {
    let requestId: number;
    beforeAll(async () => {
      requestId = requestSchema.parse(await (await save(inquiry({ subject: 'With files' }))).json()).id;
    });

    it('refuses no file, a renamed executable, a file too large or empty, three at once and a body not multipart', async () => {
      const filesBefore = storedFiles().length;
      const none = new FormData();
      none.append('note', 'nothing');
      expect(await error(await attach(requestId, none))).toEqual([400, 'FILE_REQUIRED']);
      // The ID upload's field name is not this one.
      const wrongField = new FormData();
      wrongField.append('file', file(PNG, 'a.png'));
      expect(await error(await attach(requestId, wrongField))).toEqual([400, 'FILE_REQUIRED']);
      expect(await error(await attach(requestId, form(file(MZ, 'receipt.png', 'image/png'))))).toEqual([
        415,
        'FILE_FORMAT',
      ]);
      // One good file does not carry a bad one.
      expect(await error(await attach(requestId, form(file(PNG, 'a.png'), file(MZ, 'b.pdf'))))).toEqual([
        415,
        'FILE_FORMAT',
      ]);
      expect(await error(await attach(requestId, form(file(pdf(MAX_FILE_BYTES + 1), 'big.pdf'))))).toEqual([
        413,
        'FILE_TOO_LARGE',
      ]);
      expect(await error(await attach(requestId, form(file(new Uint8Array(0), 'empty.png'))))).toEqual([
        413,
        'FILE_TOO_LARGE',
      ]);
      expect(
        await error(await attach(requestId, form(file(PNG, 'a.png'), file(PDF, 'b.pdf'), file(GIF, 'c.gif')))),
      ).toEqual([400, 'FILE_QUEUE_LIMIT']);
      expect(await error(await attach(requestId, JSON.stringify({ files: [] })))).toEqual([415, 'FILE_FORMAT']);
      expect(storedFiles().length).toBe(filesBefore);
      expect(await attachmentRows(requestId)).toEqual([]);
    });

    it('accepts one or two files by content and answers the request with its attachments', async () => {
      const res = await attach(requestId, form(file(PNG, 'photo.png', 'image/png'), file(PDF, 'receipt.pdf')));
      expect(res.status).toBe(200);
      const withFiles = requestSchema.parse(await res.json());
      expect(withFiles.id).toBe(requestId);
      expect(withFiles.attachments.map((a) => [a.name, a.size])).toEqual([
        ['photo.png', PNG.length],
        ['receipt.pdf', PDF.length],
      ]);
      const rows = await attachmentRows(requestId);
      expect(rows.map((r) => [r.type, r.userGuid, r.purpose])).toEqual(
        expect.arrayContaining([
          ['png', demo.guid, '2'],
          ['pdf', demo.guid, '2'],
        ]),
      );
      for (const row of rows) expect(storedFiles()).toContain(row.storageKey);

      const one = await attach(requestId, form(file(DOCX, 'letter.docx')));
      expect(requestSchema.parse(await one.json()).attachments).toHaveLength(3);
      // The request as read and as searched shows them too.
      expect(requestSchema.parse(await (await getOne(requestId)).json()).attachments).toHaveLength(3);
      const listed = requestsSchema.parse(await (await search({})).json()).find((r) => r.id === requestId);
      expect(listed?.attachments.map((a) => a.name)).toEqual(['photo.png', 'receipt.pdf', 'letter.docx']);
    });

    it('takes at most five attachments a request', async () => {
      expect(
        await error(await attach(requestId, form(file(DOC, 'a.doc'), file(JPEG, 'b.jpg'), file(GIF, 'c')))),
      ).toEqual([400, 'FILE_QUEUE_LIMIT']);
      // 3 + 2 would make 5: accepted. Then nothing more.
      expect((await attach(requestId, form(file(DOC, 'a.doc'), file(JPEG, 'b.jpg')))).status).toBe(200);
      expect(await attachmentRows(requestId)).toHaveLength(5);
      const filesBefore = storedFiles().length;
      expect(await error(await attach(requestId, form(file(GIF, 'c.gif'))))).toEqual([400, 'FILE_QUEUE_LIMIT']);
      expect(await attachmentRows(requestId)).toHaveLength(5);
      expect(storedFiles().length).toBe(filesBefore);
    });

    it('serves an attachment to its owner only', async () => {
      const [photo] = requestSchema.parse(await (await getOne(requestId)).json()).attachments;
      const got = await download(photo!.id);
      expect(got.status).toBe(200);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
      expect(got.headers.get('content-type')).toBe('image/png');
      expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="photo.png"/);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(got.headers.get('cache-control')).toBe('private, no-store');

      expect(await error(await download(photo!.id, other))).toEqual([403, 'FORBIDDEN']);
      expect(await error(await download(photo!.id, other, other.guid))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await download(photo!.id, null))).toEqual([401, 'UNAUTHORIZED']);
      // Under the ID document's purpose it is not found.
      const asIdDocument = await call('GET', `/api/customers/${demo.guid}/uploads/1/${photo!.id}`, demo);
      expect(await error(asIdDocument)).toEqual([404, 'NOT_FOUND']);
    });

    it("refuses attaching to a closed request (409), another user's (404) or a bad id (400)", async () => {
      const closed = requestSchema.parse(await (await save(inquiry())).json());
      await save({ ...inquiry({ closeCase: true }), id: closed.id });
      expect(await error(await attach(closed.id, form(file(PNG, 'late.png'))))).toEqual([409, 'CONFLICT']);
      expect(await error(await attach(requestId, form(file(PNG, 'x.png')), other, other.guid))).toEqual([
        404,
        'NOT_FOUND',
      ]);
      expect(await error(await attach('abc', form(file(PNG, 'x.png'))))).toEqual([400, 'VALIDATION']);
      expect(await attachmentRows(closed.id)).toEqual([]);
    });

    it('attaches through POST api/customers/{userGuid}/uploads/2/{requestId} alike, with the same checks', async () => {
      const fresh = requestSchema.parse(await (await save(inquiry({ subject: 'Uploaded' }))).json());
      const res = await upload(fresh.id, form(file(PDF, 'invoice.pdf'), file(PNG, 'label.png')));
      expect(res.status).toBe(200);
      const withFiles = requestSchema.parse(await res.json());
      expect(withFiles.attachments.map((a) => a.name)).toEqual(['invoice.pdf', 'label.png']);
      // The same request as the requests calls see it, and each file downloads from uploads/2.
      expect(requestSchema.parse(await (await getOne(fresh.id)).json())).toEqual(withFiles);
      const got = await download(withFiles.attachments[0]!.id);
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(PDF);
      // The other path counts the same five.
      expect((await attach(fresh.id, form(file(DOC, 'a.doc'), file(GIF, 'b.gif')))).status).toBe(200);
      expect(await error(await upload(fresh.id, form(file(PNG, 'c.png'), file(PDF, 'd.pdf'))))).toEqual([
        400,
        'FILE_QUEUE_LIMIT',
      ]);

      const other = requestSchema.parse(await (await save(inquiry({ subject: 'Checked' }))).json());
      expect(await error(await upload(other.id, form()))).toEqual([400, 'FILE_REQUIRED']);
      expect(await error(await upload(other.id, form(file(MZ, 'a.png'))))).toEqual([415, 'FILE_FORMAT']);
      expect(await error(await upload(other.id, form(file(pdf(MAX_FILE_BYTES + 1), 'big.pdf'))))).toEqual([
        413,
        'FILE_TOO_LARGE',
      ]);
      expect(await error(await upload('abc', form(file(PNG, 'x.png'))))).toEqual([400, 'VALIDATION']);
      expect(await error(await upload(999_999, form(file(PNG, 'x.png'))))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await upload('99999999999', form(file(PNG, 'x.png'))))).toEqual([400, 'VALIDATION']);
      expect(await attachmentRows(other.id)).toEqual([]);
    });

    it('refuses at the uploads path: another guid (403), no session (401), not the user’s (404), closed (409)', async () => {
      const mine = requestSchema.parse(await (await save(inquiry())).json());
      const one = () => form(file(PNG, 'x.png'));
      expect(await error(await upload(mine.id, one(), other))).toEqual([403, 'FORBIDDEN']);
      expect(await error(await upload(mine.id, one(), null))).toEqual([401, 'UNAUTHORIZED']);
      expect(await error(await upload(mine.id, one(), other, other.guid))).toEqual([404, 'NOT_FOUND']);
      await save({ ...inquiry({ closeCase: true }), id: mine.id });
      expect(await error(await upload(mine.id, one()))).toEqual([409, 'CONFLICT']);
      expect(await attachmentRows(mine.id)).toEqual([]);
    });
  });

  it("lists the user's claims newest first", async () => {
    t.advance(MINUTE);
    const newest = requestSchema.parse(
      await (
        await save({
          categoryId: 830,
          subCategory: 831,
          subject: 'Claim',
          description: 'Mine too',
          claim: claim(null, 'TBA512000202'),
        })
      ).json(),
    );
    const res = await call('GET', '/api/account/GetClaimMyPackagesGcsCases', demo);
    expect(res.status).toBe(200);
    const cases = claimCasesSchema.parse(await res.json());
    expect(cases.every((r) => r.categoryId === 830)).toBe(true);
    expect(cases[0]?.id).toBe(newest.id);
    expect(cases.map((r) => r.caseReference)).toContain('CAS-240388');
    expect(cases.map((r) => r.subCategory)).toEqual([831, 8633, 830]);

    const theirs = await call('GET', '/api/account/GetClaimMyPackagesGcsCases', other);
    expect(claimCasesSchema.parse(await theirs.json())).toEqual([]);
    expect(await error(await call('GET', '/api/account/GetClaimMyPackagesGcsCases', null))).toEqual([
      401,
      'UNAUTHORIZED',
    ]);
  });

  it("refuses another user's guid (403) and no session (401) on every request call", async () => {
    const [mine] = requestsSchema.parse(await (await search({})).json());
    const calls: [string, string, BodyInit | undefined][] = [
      ['POST', `/api/account/${demo.guid}/requests/search`, '{}'],
      ['GET', `/api/account/${demo.guid}/requests/${mine!.id}`, undefined],
      ['POST', `/api/account/${demo.guid}/requests`, JSON.stringify(inquiry())],
      ['POST', `/api/account/${demo.guid}/requests/${mine!.id}/attachFiles`, form(file(PNG, 'a.png'))],
      ['POST', `/api/customers/${demo.guid}/uploads/2/${mine!.id}`, form(file(PNG, 'a.png'))],
    ];
    for (const [method, path, body] of calls) {
      expect(await error(await call(method, path, other, body)), `${method} ${path}`).toEqual([403, 'FORBIDDEN']);
      expect(await error(await call(method, path, null, body)), `${method} ${path}`).toEqual([401, 'UNAUTHORIZED']);
    }
    expect(await attachmentRows(mine!.id)).toEqual([]);
  });
});
