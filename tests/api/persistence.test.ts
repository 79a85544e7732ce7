import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp } from './harness.ts';
import { users, shipments, offices } from '../../server/db/schema.ts';

describe('embedded database under DATA_DIR', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps accounts and sessions across a restart, and seeds only once', async () => {
    const first = await createTestApp('pglite', { dataDir });
    const { cookie } = await first.login('demo@example.com');
    await first.close();

    const second = await createTestApp('pglite', { dataDir });
    const res = await second.request('/api/account/GetCustomerDetails', { cookie });
    expect(res.status).toBe(200);
    expect((await res.json()).email).toBe('demo@example.com');
    const [people] = await second.database.db.select({ n: count() }).from(users);
    expect(people?.n).toBe(6);
    await second.close();
  });

  it('seeds the demo data the personas need', async () => {
    const t = await createTestApp('pglite', { dataDir });
    const [parcels] = await t.database.db.select({ n: count() }).from(shipments);
    const [places] = await t.database.db.select({ n: count() }).from(offices);
    expect(parcels?.n).toBeGreaterThanOrEqual(32 + 13);
    expect(places?.n).toBeGreaterThan(20);
    await t.close();
  });
});
