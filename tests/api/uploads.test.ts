import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { uploads } from '../../server/db/schema.ts';
import { createApp } from '../../server/app.ts';
import { createLogger } from '../../server/logger.ts';
import { parseEnv } from '../../server/env.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import { uploadListSchema } from '../../src/lib/api/uploads/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';
import { MAX_FILE_BYTES } from '../../src/lib/uploads/file-rules.ts';
import { DOC, DOCX, ELF, MZ, PDF, PLAIN_ZIP, PNG, XLSX, pdf } from '../fixtures/files.ts';
import { wordZip } from '../fixtures/zip-writer.ts';

const MINUTE = 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(BACKENDS)('ID document upload on %s', (backend) => {
  let t: TestApp;
  // idrequired@example.com must upload an ID; demo@example.com is the other customer.
  let owner: { cookie: string; guid: string };
  let other: { cookie: string; guid: string };

  beforeAll(async () => {
    t = await createTestApp(backend);
    owner = await t.login('idrequired@example.com', '198.51.100.70');
    other = await t.login('demo@example.com', '198.51.100.71');
  });
  afterAll(() => t.close());

  const form = (...files: File[]) => {
    const data = new FormData();
    for (const file of files) data.append('file', file);
    return data;
  };
  const file = (bytes: Uint8Array<ArrayBuffer>, name: string, type = 'application/octet-stream') =>
    new File([bytes], name, { type });
  const upload = (body: BodyInit, as = owner, purpose = '1') =>
    t.request(`/api/account/${owner.guid}/upload/${purpose}`, { method: 'POST', body, cookie: as.cookie });
  const list = (as = owner) => t.request(`/api/customers/${owner.guid}/uploads/1`, { cookie: as.cookie });
  const download = (id: string, as = owner, guid = owner.guid) =>
    t.request(`/api/customers/${guid}/uploads/1/${id}`, { cookie: as.cookie });
  const error = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];
  const storedFiles = () => (existsSync(t.uploadDir) ? readdirSync(t.uploadDir) : []);
  const rowsOf = (guid: string) => t.database.db.select().from(uploads).where(eq(uploads.userGuid, guid));

  it('accepts a PNG, marks the ID as uploaded and answers the customer details', async () => {
    const before = await t.request('/api/account/GetCustomerDetails', { cookie: owner.cookie });
    expect(loginResponseSchema.parse(await before.json()).isIdUploaded).toBe(false);

    const res = await upload(form(file(PNG, 'passport.png', 'image/png')));
    expect(res.status).toBe(200);
    expect(loginResponseSchema.parse(await res.json())).toMatchObject({
      email: 'idrequired@example.com',
      userGuid: owner.guid,
      isIdUploaded: true,
      isIdAttachmentMandatory: true,
    });
    const after = await t.request('/api/account/GetCustomerDetails', { cookie: owner.cookie });
    expect(loginResponseSchema.parse(await after.json()).isIdUploaded).toBe(true);
  });

  it('accepts a PDF, a DOCX and a DOC by content, and lists them newest first', async () => {
    for (const [bytes, name] of [
      [PDF, 'scan.pdf'],
      [DOCX, 'id card.docx'],
      [DOC, 'old id.doc'],
    ] as const) {
      t.advance(MINUTE);
      const res = await upload(form(file(bytes, name)));
      expect(res.status, name).toBe(200);
    }
    const res = await list();
    expect(res.status).toBe(200);
    const items = uploadListSchema.parse(await res.json());
    expect(items.map((i) => [i.type, i.name, i.size])).toEqual([
      ['doc', 'old id.doc', DOC.length],
      ['docx', 'id card.docx', DOCX.length],
      ['pdf', 'scan.pdf', PDF.length],
      ['png', 'passport.png', PNG.length],
    ]);
    expect(items[0]?.createdAt).toBe(new Date(t.clock()).toISOString());
  });

  it('refuses executables and archives whatever their name or declared type says (415)', async () => {
    const filesBefore = storedFiles().length;
    const rowsBefore = (await rowsOf(owner.guid)).length;
    for (const candidate of [
      file(ELF, 'id.png', 'image/png'),
      file(MZ, 'id.png', 'image/png'),
      file(MZ, 'id.pdf', 'application/pdf'),
      file(PLAIN_ZIP, 'id.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
      file(XLSX, 'id.docx'),
    ]) {
      const res = await upload(form(candidate));
      expect(await error(res), candidate.name).toEqual([415, 'FILE_FORMAT']);
    }
    expect(storedFiles().length).toBe(filesBefore);
    expect((await rowsOf(owner.guid)).length).toBe(rowsBefore);
  });

  it('refuses a .docx that is a zip bomb, or encrypted, or ZIP64, as a wrong type (415), and stores nothing', async () => {
    const filesBefore = storedFiles().length;
    const rowsBefore = (await rowsOf(owner.guid)).length;
    const docxType = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    // 64 MiB of zeros as word/document.xml: about 64 KB on the wire, far within the upload limit.
    const bomb = wordZip([], { data: new Uint8Array(64 * 1024 * 1024) });
    expect(bomb.length).toBeLessThan(MAX_FILE_BYTES / 16);
    const many = wordZip(Array.from({ length: 1_000 }, (_, i) => ({ name: `word/media/p${i}.xml`, data: 'x' })));
    for (const candidate of [
      file(bomb, 'id.docx', docxType),
      file(many, 'many.docx', docxType),
      file(wordZip([], { flags: 0x0001 }), 'encrypted.docx', docxType),
      file(wordZip([], {}, { zip64Locator: true }), 'zip64.docx', docxType),
    ]) {
      const res = await upload(form(candidate));
      expect(await error(res), candidate.name).toEqual([415, 'FILE_FORMAT']);
    }
    expect(storedFiles().length).toBe(filesBefore);
    expect((await rowsOf(owner.guid)).length).toBe(rowsBefore);
    // The same document within the limits is a Word document.
    t.advance(MINUTE);
    expect((await upload(form(file(wordZip(), 'fine.docx', docxType)))).status).toBe(200);
  });

  it('takes a file of exactly the limit, and refuses one byte more or an empty file (413)', async () => {
    const atLimit = pdf(MAX_FILE_BYTES);
    expect(atLimit.length).toBe(MAX_FILE_BYTES);
    expect((await upload(form(file(atLimit, 'big.pdf')))).status).toBe(200);
    const over = pdf(MAX_FILE_BYTES + 1);
    expect(await error(await upload(form(file(over, 'bigger.pdf'))))).toEqual([413, 'FILE_TOO_LARGE']);
    expect(await error(await upload(form(file(new Uint8Array(0), 'empty.png'))))).toEqual([413, 'FILE_TOO_LARGE']);
  });

  it('refuses a body far over the limit before reading it all (413)', async () => {
    const huge = pdf(MAX_FILE_BYTES + 512 * 1024);
    expect(await error(await upload(form(file(huge, 'huge.pdf'))))).toEqual([413, 'FILE_TOO_LARGE']);
    // A declared length over the limit is refused on the header alone: the body here is tiny.
    const declared = await t.request(`/api/account/${owner.guid}/upload/1`, {
      method: 'POST',
      cookie: owner.cookie,
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(MAX_FILE_BYTES * 2) },
      body: '--x--\r\n',
    });
    expect(await error(declared)).toEqual([413, 'FILE_TOO_LARGE']);
  });

  it('refuses two files (FILE_QUEUE_LIMIT), no file (FILE_REQUIRED), a body that is not multipart, and other purposes', async () => {
    const two = await upload(form(file(PNG, 'a.png'), file(PDF, 'b.pdf')));
    expect(await error(two)).toEqual([400, 'FILE_QUEUE_LIMIT']);
    const none = new FormData();
    none.append('note', 'no file here');
    expect(await error(await upload(none))).toEqual([400, 'FILE_REQUIRED']);
    const textInFileField = new FormData();
    textInFileField.append('file', 'just text');
    expect(await error(await upload(textInFileField))).toEqual([400, 'FILE_REQUIRED']);
    expect(await error(await upload(JSON.stringify({ file: 'x' })))).toEqual([415, 'FILE_FORMAT']);
    expect(await error(await upload(form(file(PNG, 'a.png')), owner, '2'))).toEqual([404, 'NOT_FOUND']);
    const otherPurpose = await t.request(`/api/customers/${owner.guid}/uploads/2`, { cookie: owner.cookie });
    expect(await error(otherPurpose)).toEqual([404, 'NOT_FOUND']);
  });

  it('gives the owner back exactly the bytes uploaded, as an attachment that is never sniffed or cached', async () => {
    t.advance(MINUTE);
    const res = await upload(form(file(PNG, '../../etc/my "passport".html', 'text/html')));
    expect(res.status).toBe(200);
    const [latest] = uploadListSchema.parse(await (await list()).json());
    expect(latest).toMatchObject({ type: 'png', name: 'my "passport".html' });

    const got = await download(latest!.id);
    expect(got.status).toBe(200);
    expect(new Uint8Array(await got.arrayBuffer())).toEqual(PNG);
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-length')).toBe(String(PNG.length));
    expect(got.headers.get('content-disposition')).toBe(
      `attachment; filename="my _passport_.png"; filename*=UTF-8''my%20%22passport%22.png`,
    );
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('cache-control')).toBe('private, no-store');

    const docx = (await rowsOf(owner.guid)).find((r) => r.type === 'docx')!;
    const word = await download(docx.id);
    expect(new Uint8Array(await word.arrayBuffer())).toEqual(DOCX);
    expect(word.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it("keeps another customer out: 403 on the owner's routes, 404 for the owner's upload under their own guid", async () => {
    const [mine] = await rowsOf(owner.guid);
    expect(mine).toBeDefined();
    const foreignUpload = await upload(form(file(PNG, 'x.png')), other);
    expect(await error(foreignUpload)).toEqual([403, 'FORBIDDEN']);
    expect(await error(await list(other))).toEqual([403, 'FORBIDDEN']);
    expect(await error(await download(mine!.id, other))).toEqual([403, 'FORBIDDEN']);
    expect(await error(await download(mine!.id, other, other.guid))).toEqual([404, 'NOT_FOUND']);
    expect(await error(await download('not-a-uuid', owner))).toEqual([404, 'NOT_FOUND']);
    expect(await error(await download(crypto.randomUUID(), owner))).toEqual([404, 'NOT_FOUND']);
    const anonymous = await t.request(`/api/customers/${owner.guid}/uploads/1/${mine!.id}`);
    expect(await error(anonymous)).toEqual([401, 'UNAUTHORIZED']);
    // The refused upload changed nothing for either customer.
    expect(await rowsOf(other.guid)).toEqual([]);
    const theirs = await t.request(`/api/customers/${other.guid}/uploads/1`, { cookie: other.cookie });
    expect(uploadListSchema.parse(await theirs.json())).toEqual([]);
  });

  it("stores files under server-made names in the upload folder, never the client's names, never under the site", async () => {
    const rows = await rowsOf(owner.guid);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    const names = storedFiles();
    expect(names.sort()).toEqual(rows.map((r) => r.storageKey).sort());
    for (const row of rows) {
      expect(row.storageKey).toMatch(UUID);
      expect(row.storageKey).not.toContain(row.originalName);
      expect(readFileSync(join(t.uploadDir, row.storageKey)).length).toBe(row.size);
    }
    expect(readdirSync(t.distDir, { recursive: true })).toEqual([]);
  });
});

describe('upload folder', () => {
  it('defaults to <DATA_DIR>/uploads, or a temp folder when the data is in memory', () => {
    expect(parseEnv({ DATA_DIR: '/srv/shipbox' }).uploadDir).toBe(join('/srv/shipbox', 'uploads'));
    expect(parseEnv({ DATA_DIR: 'memory://' }).uploadDir).toBeUndefined();
    expect(parseEnv({ DATA_DIR: 'memory://', UPLOAD_DIR: '/srv/files' }).uploadDir).toBe('/srv/files');
  });

  it('must not be inside the site folder', () => {
    const root = mkdtempSync(join(tmpdir(), 'site-'));
    const dist = join(root, 'dist');
    mkdirSync(dist);
    const base = { brand: 'shipbox' as const, distDir: dist, db: {} as never, logger: createLogger('silent') };
    expect(() => createApp({ ...base, uploadDir: join(dist, 'uploads') })).toThrow(/must not be inside/);
    expect(() => createApp({ ...base, uploadDir: dist })).toThrow(/must not be inside/);
    expect(() => createApp({ ...base, uploadDir: join(dist, '..', 'uploads') })).not.toThrow();
    rmSync(root, { recursive: true, force: true });
  });
});
