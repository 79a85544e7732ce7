/**
 * One contract (docs/decisions/028): every call declared in `src/lib/api/<area>/contract.ts` has exactly one route,
 * every route of the API comes from a declaration, no two declarations claim the same method and path, every call
 * of spec 2 §7 is declared at its spec path, and the OpenAPI document generated from the declarations is valid.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, validate } from '@readme/openapi-parser';
import { createApi } from '../../server/api/api.ts';
import type { ApiDeps } from '../../server/api/env.ts';
import { honoPath } from '../../server/api/router.ts';
import { openApiDocument, operationIdOf } from '../../server/api/openapi.ts';
import { isEndpoint, isSchema, paramNamesOf, type AnyEndpoint } from '../../src/lib/api/endpoint.ts';
import { brands } from '../../src/brands/brands.ts';
import { SPEC_CALLS } from './spec-calls.ts';

const API_DIR = join(import.meta.dirname, '../../src/lib/api');

/** Every declaration exported by every area's contract, with where it was found. */
async function declaredEndpoints(): Promise<Map<AnyEndpoint, string>> {
  const found = new Map<AnyEndpoint, string>();
  for (const area of readdirSync(API_DIR, { withFileTypes: true })) {
    if (!area.isDirectory()) continue;
    const file = join(API_DIR, area.name, 'contract.ts');
    let module: Record<string, unknown>;
    try {
      module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') continue;
      throw error;
    }
    for (const [name, value] of Object.entries(module)) {
      if (isEndpoint(value) && !found.has(value)) found.set(value, `${area.name}/contract.ts ${name}`);
    }
  }
  return found;
}

const router = createApi({} as ApiDeps);
const declared = await declaredEndpoints();
const registered = router.endpoints;
const key = (method: string, path: string) => `${method} ${path}`;

describe('one contract', () => {
  it('finds declarations in the contracts', () => {
    expect(declared.size).toBeGreaterThan(100);
  });

  it('gives every declaration exactly one route', () => {
    const missing = [...declared].filter(([e]) => !registered.includes(e)).map(([, where]) => where);
    expect(missing).toEqual([]);
  });

  it('registers only calls declared in a contract', () => {
    const strays = registered.filter((e) => !declared.has(e)).map((e) => key(e.method, e.path));
    expect(strays).toEqual([]);
  });

  it('has a declaration for every route of the API', () => {
    const declaredRoutes = new Set(
      registered.flatMap((e) =>
        [e.path, ...(e.aliases ?? []).map((a) => a.path)].map((p) => key(e.method, honoPath(p))),
      ),
    );
    const routes = new Set(router.app.routes.filter((r) => r.method !== 'ALL').map((r) => key(r.method, r.path)));
    expect([...routes].filter((r) => !declaredRoutes.has(r))).toEqual([]);
  });

  it('never declares one method and path twice', () => {
    const seen = new Map<string, number>();
    for (const e of registered) {
      for (const path of [e.path, ...(e.aliases ?? []).map((a) => a.path)]) {
        const k = key(e.method, honoPath(path).replace(/:\w+/g, ':'));
        seen.set(k, (seen.get(k) ?? 0) + 1);
      }
    }
    expect([...seen].filter(([, n]) => n > 1).map(([k]) => k)).toEqual([]);
  });

  it('declares every call of spec 2 §7 at its spec path', () => {
    const patterns = registered.flatMap((e) =>
      [e.path, ...(e.aliases ?? []).map((a) => a.path)].map((p) => ({
        method: e.method,
        pattern: new RegExp(`^${p.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]+')}$`),
      })),
    );
    const undeclared = SPEC_CALLS.filter(
      ([method, path]) => !patterns.some((p) => p.method === method && p.pattern.test(path)),
    ).map(([method, path]) => key(method, path));
    expect(undeclared).toEqual([]);
  });

  it('describes each call: a tag, a summary, a spec path, and path schemas that match the path', () => {
    const problems: string[] = [];
    for (const e of registered) {
      const at = key(e.method, e.path);
      if (!e.tag || !e.summary) problems.push(`${at}: no tag or summary`);
      if (!/^api\//.test(e.path)) problems.push(`${at}: not a path from the site's root`);
      if (e.params) {
        const shape = (e.params as unknown as { _zod: { def: { shape?: Record<string, unknown> } } })._zod.def.shape;
        const names = Object.keys(shape ?? {}).sort();
        if (names.join() !== paramNamesOf(e.path).sort().join()) problems.push(`${at}: params ${names.join()}`);
      }
      for (const alias of e.aliases ?? []) {
        // The owner check and the path schema read the declared path's names: an alias must name the same.
        if (paramNamesOf(alias.path).join() !== paramNamesOf(e.path).join())
          problems.push(`${at}: alias ${alias.path}`);
      }
      if (e.body && e.method === 'GET') problems.push(`${at}: a GET with a body`);
      if (e.answer !== null && !isSchema(e.answer) && e.status === 204) problems.push(`${at}: 204 with an answer`);
    }
    expect(problems).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  const document = openApiDocument(registered, brands.shipbox, '1.0.0');

  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    expect(document.openapi).toBe('3.1.0');
  });

  it('has every declared call, with its parameters, body and errors', async () => {
    const parsed = (await parse(structuredClone(document) as never)) as {
      paths?: Record<string, Record<string, { operationId: string }>>;
    };
    const operations = Object.entries(parsed.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    for (const e of registered) {
      const op = operations.find((o) => o.path === `/${e.path}` && o.method === e.method.toLowerCase());
      expect(op?.op.operationId, key(e.method, e.path)).toBe(operationIdOf(e));
    }
    const ids = operations.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
