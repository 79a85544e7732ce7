/**
 * Passkeys (issue 25, scope 1): adding one after the password is given again, listing and removing them, and
 * logging in with one; the refusals of a ceremony gone wrong (an expired or replayed challenge, another origin,
 * another account's passkey, a signature counter that went back), and the owner checks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, cookieOf, createTestApp, type TestApp } from './harness.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';
import { DEMO_PASSWORD } from '../../server/dev/seed.ts';
import { users } from '../../server/db/schema.ts';
import { loginResponseSchema } from '../../src/lib/api/session/contract.ts';
import { passkeysSchema } from '../../src/lib/api/passkeys/contract.ts';

const ORIGIN = 'http://localhost';
const MINUTE_MS = 60_000;

interface Customer {
  cookie: string;
  guid: string;
  email: string;
}

describe.each(BACKENDS)('passkeys on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend);
  });
  afterAll(() => t.close());

  const reauthenticate = async (as: Customer) => {
    const res = await t.send('POST', '/api/users/AuthenticateUser', as, { email: as.email, password: DEMO_PASSWORD });
    expect(res.status).toBe(200);
  };
  const creationOptions = async (as: Customer) => {
    const res = await t.send('POST', `/api/v1/account/${as.guid}/passkeys/options`, as);
    expect(res.status).toBe(200);
    return (await res.json()) as {
      challenge: string;
      rp: { id: string; name: string };
      user: { id: string; name: string };
    };
  };
  /** A customer with a passkey on the authenticator. */
  const withPasskey = async (authenticator = new SoftAuthenticator()) => {
    const customer = await t.newCustomer();
    await reauthenticate(customer);
    const response = authenticator.register(await creationOptions(customer), ORIGIN);
    const res = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys`, customer, {
      name: 'My phone',
      response,
    });
    expect(res.status).toBe(201);
    return { customer, authenticator, passkeyId: response.id };
  };
  const loginOptions = async () => {
    const res = await t.send('POST', '/api/v1/session/passkey/options');
    expect(res.status).toBe(200);
    return (await res.json()) as { challenge: string; rpId: string };
  };
  const logIn = (response: unknown, from?: string) =>
    t.request('/api/v1/session/passkey', {
      method: 'POST',
      body: JSON.stringify({ response }),
      ...(from ? { from } : {}),
    });
  const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

  it('adds a passkey only after the password is given again, and lists it by name', async () => {
    const customer = await t.newCustomer();
    const list = await t.send('GET', `/api/v1/account/${customer.guid}/passkeys`, customer);
    expect(passkeysSchema.parse(await list.json())).toEqual([]);

    const early = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys/options`, customer);
    expect(early.status).toBe(403);
    expect(await codeOf(early)).toBe('REAUTHENTICATION_REQUIRED');

    await reauthenticate(customer);
    const options = await creationOptions(customer);
    // The relying party is the site; the authenticator learns the account's handle, never its e-mail in the id.
    expect(options.rp).toEqual({ id: 'localhost', name: 'Shipbox' });
    expect(options.user.name).toBe(customer.email);
    expect(options.user.id).not.toContain(customer.email);

    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(options, ORIGIN);
    const added = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys`, customer, {
      name: '  Work laptop ',
      response,
    });
    expect(added.status).toBe(201);
    const passkeys = passkeysSchema.parse(await added.json());
    expect(passkeys).toMatchObject([{ id: response.id, name: 'Work laptop', lastUsedAt: null, synced: false }]);

    // The same answer again: its challenge is used up.
    const again = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys`, customer, {
      name: 'Again',
      response,
    });
    expect(again.status).toBe(400);
    expect(await codeOf(again)).toBe('PASSKEY_FAILED');

    // The next options exclude it, so the authenticator won't make a second one.
    const next = (await creationOptions(customer)) as unknown as { excludeCredentials: { id: string }[] };
    expect(next.excludeCredentials.map((c) => c.id)).toEqual([response.id]);
  });

  it('wants a recent proof: five minutes after the password, adding and removing are refused', async () => {
    const { customer, passkeyId } = await withPasskey();
    t.advance(6 * MINUTE_MS);
    const options = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys/options`, customer);
    expect(options.status).toBe(403);
    const remove = await t.send('DELETE', `/api/v1/account/${customer.guid}/passkeys/${passkeyId}`, customer);
    expect(remove.status).toBe(403);
    expect(await codeOf(remove)).toBe('REAUTHENTICATION_REQUIRED');
  });

  it("refuses an answer from another origin, and a challenge made for another customer's registration", async () => {
    const customer = await t.newCustomer();
    await reauthenticate(customer);
    const authenticator = new SoftAuthenticator();
    const wrongOrigin = authenticator.register(await creationOptions(customer), 'https://shipbox.example.evil');
    const res = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys`, customer, {
      name: 'Phone',
      response: wrongOrigin,
    });
    expect(res.status).toBe(400);
    expect(await codeOf(res)).toBe('PASSKEY_FAILED');

    const other = await t.newCustomer();
    await reauthenticate(other);
    const theirs = authenticator.register(await creationOptions(other), ORIGIN);
    const stolen = await t.send('POST', `/api/v1/account/${customer.guid}/passkeys`, customer, {
      name: 'Phone',
      response: theirs,
    });
    expect(stolen.status).toBe(400);
  });

  it('logs in with a passkey: a session, the login answer, and the passkey marked used', async () => {
    const { customer, authenticator } = await withPasskey();
    const options = await loginOptions();
    expect(options.rpId).toBe('localhost');
    const res = await logIn(authenticator.authenticate(options, ORIGIN));
    expect(res.status).toBe(200);
    const user = loginResponseSchema.parse(await res.json());
    expect(user.userGuid).toBe(customer.guid);
    const cookie = cookieOf(res)!;
    expect(res.headers.get('set-cookie')).toMatch(/HttpOnly/i);
    const details = await t.request('/api/account/GetCustomerDetails', { cookie });
    expect(details.status).toBe(200);
    const list = passkeysSchema.parse(
      await (await t.send('GET', `/api/v1/account/${customer.guid}/passkeys`, { cookie })).json(),
    );
    expect(list[0]!.lastUsedAt).toBe(t.clock().toISOString());
  });

  it('refuses a replayed answer, an expired challenge and another origin', async () => {
    const { authenticator } = await withPasskey();
    const answer = authenticator.authenticate(await loginOptions(), ORIGIN);
    expect((await logIn(answer)).status).toBe(200);
    const replayed = await logIn(answer);
    expect(replayed.status).toBe(401);
    expect(await codeOf(replayed)).toBe('PASSKEY_FAILED');

    const late = await loginOptions();
    t.advance(6 * MINUTE_MS);
    const expired = await logIn(authenticator.authenticate(late, ORIGIN));
    expect(expired.status).toBe(401);
    expect(await codeOf(expired)).toBe('PASSKEY_FAILED');

    const phished = await logIn(authenticator.authenticate(await loginOptions(), 'https://shipbox-login.example'));
    expect(phished.status).toBe(401);
    expect(await codeOf(phished)).toBe('PASSKEY_FAILED');
    const otherRp = await logIn(
      authenticator.authenticate(await loginOptions(), ORIGIN, { rpId: 'shipbox-login.example' }),
    );
    expect(otherRp.status).toBe(401);
  });

  it("refuses another account's passkey answering for this account, and a counter that went back", async () => {
    const mine = await withPasskey();
    const theirs = await withPasskey();
    // Their passkey, claiming to be my account's.
    const swapped = theirs.authenticator.authenticate(await loginOptions(), ORIGIN, {
      userHandle: [...mine.authenticator.credentials.values()][0]!.userHandle,
    });
    const res = await logIn(swapped);
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe('PASSKEY_FAILED');
    // Nor can their session remove my passkey.
    const remove = await t.send('DELETE', `/api/v1/account/${theirs.customer.guid}/passkeys/${mine.passkeyId}`, {
      cookie: theirs.customer.cookie,
    });
    expect([403, 404]).toContain(remove.status);
    const cross = await t.send('GET', `/api/v1/account/${mine.customer.guid}/passkeys`, theirs.customer);
    expect(cross.status).toBe(403);

    // A cloned authenticator: the counter at or below the last one seen.
    expect((await logIn(mine.authenticator.authenticate(await loginOptions(), ORIGIN, { counter: 5 }))).status).toBe(
      200,
    );
    const cloned = await logIn(mine.authenticator.authenticate(await loginOptions(), ORIGIN, { counter: 5 }));
    expect(cloned.status).toBe(401);
    expect(await codeOf(cloned)).toBe('PASSKEY_FAILED');
    expect((await logIn(mine.authenticator.authenticate(await loginOptions(), ORIGIN, { counter: 6 }))).status).toBe(
      200,
    );
  });

  it('accepts authenticators that keep no counter, again and again', async () => {
    const { authenticator } = await withPasskey(new SoftAuthenticator({ counts: false }));
    for (let i = 0; i < 2; i += 1) {
      expect((await logIn(authenticator.authenticate(await loginOptions(), ORIGIN))).status).toBe(200);
    }
  });

  it('answers AE001 for an account no longer active, as a password login does', async () => {
    const { customer, authenticator } = await withPasskey();
    await t.database.db.update(users).set({ status: 'deactivated' }).where(eq(users.guid, customer.guid));
    const res = await logIn(authenticator.authenticate(await loginOptions(), ORIGIN));
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe('AE001');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('removes a passkey: it no longer logs in', async () => {
    const { customer, authenticator, passkeyId } = await withPasskey();
    const removed = await t.send('DELETE', `/api/v1/account/${customer.guid}/passkeys/${passkeyId}`, customer);
    expect(removed.status).toBe(200);
    expect(await removed.json()).toEqual([]);
    const res = await logIn(authenticator.authenticate(await loginOptions(), ORIGIN));
    expect(res.status).toBe(401);
    expect(await codeOf(res)).toBe('PASSKEY_UNKNOWN');
    const gone = await t.send('DELETE', `/api/v1/account/${customer.guid}/passkeys/${passkeyId}`, customer);
    expect(gone.status).toBe(404);
  });

  it("counts failures on the login's limit per address", async () => {
    const from = '198.51.100.77';
    const bogus = new SoftAuthenticator();
    bogus.register({ challenge: 'x', rp: { id: 'localhost' }, user: { id: 'AAAA' } }, ORIGIN);
    let status = 0;
    for (let i = 0; i < 31 && status !== 429; i += 1) {
      status = (await logIn(bogus.authenticate(await loginOptions(), ORIGIN), from)).status;
    }
    expect(status).toBe(429);
  });
});
