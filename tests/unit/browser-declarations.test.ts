/**
 * The browser's copy of the declarations (scripts/browser-declarations.ts): what only the server and the API's
 * description read is left out of the pages; what `call()` reads, and every schema's own fields, stay.
 */
import { describe, expect, it } from 'vitest';
import { browserDeclarations, CONTRACT_FILE } from '../../scripts/browser-declarations.ts';

const contract = `
import { z } from 'zod/mini';
import { endpoint } from '../endpoint.ts';
export const itemSchema = z.object({ description: z.string(), summary: z.string() });
const shared = { tag: 'Payments', description: 'Runs once per key', method: 'POST', answer: itemSchema, errors: { 409: ['X'] } };
export const getItem = endpoint({
  tag: 'Items',
  summary: 'An item',
  description: 'Long words ' + 'for the document',
  method: 'GET',
  path: 'api/items/{id}',
  params: z.object({ id: z.string() }),
  query: z.object({ lang: z.string() }),
  answer: itemSchema,
  errors: { 404: ['NOT_FOUND'] },
  aliases: [{ path: 'api/item/{id}', why: 'old links' }],
  answerHeaders: { 'X-Pagination': { description: 'the page' } },
  status: 200,
});
export const payItem = endpoint({ ...shared, path: 'api/items', body: itemSchema, ownerBy: 'link', auth: true });
export const notADeclaration = { summary: 'kept', description: 'kept' };
`;

describe('the browser’s copy of a declaration', () => {
  const trimmed = browserDeclarations(contract)?.code ?? '';

  it('keeps the method, path, body and answer', () => {
    expect(trimmed).toContain("method: 'GET'");
    expect(trimmed).toContain("path: 'api/items/{id}'");
    expect(trimmed).toContain('answer: itemSchema');
    expect(trimmed).toContain('body: itemSchema');
    expect(trimmed).toContain("method: 'POST'");
  });

  it('leaves out what only the server and the document read, in declarations and what they spread in', () => {
    for (const gone of [
      'An item',
      'Long words',
      'api/item/{id}',
      'old links',
      'NOT_FOUND',
      'the page',
      'Runs once per key',
      "'X'",
      "tag: 'Items'",
      "tag: 'Payments'",
      'ownerBy',
      'auth: true',
      'status: 200',
      'z.object({ id: z.string() })',
      'z.object({ lang: z.string() })',
    ]) {
      expect(trimmed, gone).not.toContain(gone);
    }
  });

  it('keeps schemas’ own fields of the same names, and objects that are not declarations', () => {
    expect(trimmed).toContain('z.object({ description: z.string(), summary: z.string() })');
    expect(trimmed).toContain("export const notADeclaration = { summary: 'kept', description: 'kept' };");
  });

  it('leaves a module without declarations alone, and trims only contract files', () => {
    expect(browserDeclarations('export const a = { summary: 1 };')).toBeNull();
    expect(CONTRACT_FILE.test('/x/src/lib/api/wallet/contract.ts')).toBe(true);
    expect(CONTRACT_FILE.test('/x/src/lib/api/wallet/wallet.ts')).toBe(false);
  });

  it('leaves valid JavaScript', async () => {
    const { parse } = await import('acorn');
    expect(() => parse(trimmed, { ecmaVersion: 'latest', sourceType: 'module' })).not.toThrow();
  });
});
