import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BACKENDS, createTestApp, type TestApp } from './harness.ts';
import { messages } from '../../server/db/schema.ts';
import { serviceMessage } from '../../server/messages/service-messages.ts';
import { placeNames } from '../../server/reference/place-names.ts';
import {
  PAGINATION_HEADER,
  messageSchema,
  messagesPageSchema,
  packagesSchema,
  paginationSchema,
} from '../../src/lib/api/account-home/contract.ts';
import { apiErrorSchema } from '../../src/lib/api/errors.ts';

interface Session {
  cookie: string;
  guid: string;
}

const pagination = (res: Response) => paginationSchema.parse(JSON.parse(res.headers.get(PAGINATION_HEADER) ?? 'null'));

describe.each(BACKENDS)('packages and messages on %s', (backend) => {
  let t: TestApp;
  let demo: Session;
  let other: Session;
  beforeAll(async () => {
    t = await createTestApp(backend);
    demo = await t.login('demo@example.com', '198.51.100.160');
    other = await t.login('agreement@example.com', '198.51.100.161');
  });
  afterAll(() => t.close());

  const get = (path: string, as?: Session) => t.request(path, as ? { cookie: as.cookie } : {});
  const del = (path: string, as?: Session) =>
    t.request(path, { method: 'DELETE', ...(as ? { cookie: as.cookie } : {}) });
  const error = async (res: Response) => [res.status, apiErrorSchema.parse(await res.json()).code];
  const packages = (query = '', as: Session = demo, guid = demo.guid) =>
    get(`/api/customers/${guid}/packages/getAllPackages${query}`, as);
  const messageList = (query = '', as: Session = demo, guid = demo.guid) =>
    get(`/api/customers/${guid}/messages${query}`, as);
  const messageRow = async (guid: string) => {
    const [row] = await t.database.db.select().from(messages).where(eq(messages.guid, guid));
    return row;
  };

  describe('packages', () => {
    it('pages the packages near their storage deadline first, then the newest, with X-Pagination', async () => {
      const first = await packages();
      expect(first.status).toBe(200);
      expect(pagination(first)).toEqual({ TotalCount: 32, PageSize: 10, CurrentPage: 0, TotalPages: 4 });
      const page0 = packagesSchema.parse(await first.json());
      const awbs = (...numbers: number[]) => numbers.map((n) => `SB${7_000_100 + n}`);
      // The seed's (server/dev/seed.ts): 5 days past its deadline, on its last day, 3 days left; then the newest,
      // the one that has just come (30) first.
      expect(page0.map((p) => p.awb)).toEqual(awbs(11, 4, 3, 30, 31, 29, 28, 27, 26, 25));
      expect(page0.slice(0, 3).map((p) => p.storage?.freeDaysLeft)).toEqual([0, 1, 3]);
      expect(page0.slice(3).some((p) => p.storage?.nearDeadline)).toBe(false);
      const received = page0.slice(3).map((p) => Date.parse(p.receivedAt));
      expect(received).toEqual([...received].sort((a, b) => b - a));
      expect(page0[4]).toMatchObject({ hawbId: 500_031, destEntity: 'AMM', originEntity: 'LON' });

      const second = await packages('?pageIndex=1&pageSize=10');
      expect(pagination(second)).toEqual({ TotalCount: 32, PageSize: 10, CurrentPage: 1, TotalPages: 4 });
      const page1 = packagesSchema.parse(await second.json());
      expect(page1.map((p) => p.awb)).toEqual(awbs(24, 23, 22, 21, 20, 19, 18, 17, 16, 15));
      const third = packagesSchema.parse(await (await packages('?pageIndex=2')).json());
      expect(third.map((p) => p.awb)).toEqual(awbs(14, 13, 12, 10, 9, 8, 7, 6, 5, 2));

      const last = await packages('?pageIndex=3&pageSize=10');
      expect(packagesSchema.parse(await last.json()).map((p) => p.awb)).toEqual(['SB7000101', 'SB7000100']);
      const big = await packages('?pageIndex=0&pageSize=25');
      expect(pagination(big)).toEqual({ TotalCount: 32, PageSize: 25, CurrentPage: 0, TotalPages: 2 });
      expect(packagesSchema.parse(await big.json())).toHaveLength(25);
      const beyond = await packages('?pageIndex=9');
      expect(packagesSchema.parse(await beyond.json())).toEqual([]);
    });

    it("lists only the user's own packages", async () => {
      const res = await packages('', other, other.guid);
      expect(pagination(res).TotalCount).toBe(1);
      expect(packagesSchema.parse(await res.json()).map((p) => p.foreignAwb)).toEqual(['TBA512000202']);
    });

    it('refuses paging that is not a number in range (400)', async () => {
      for (const query of ['?pageSize=0', '?pageSize=101', '?pageIndex=-1', '?pageIndex=abc', '?pageSize=2.5']) {
        expect(await error(await packages(query)), query).toEqual([400, 'VALIDATION']);
      }
    });

    it("refuses another user's guid (403) and no session (401)", async () => {
      expect(await error(await packages('', other))).toEqual([403, 'FORBIDDEN']);
      expect(await error(await get(`/api/customers/${demo.guid}/packages/getAllPackages`))).toEqual([
        401,
        'UNAUTHORIZED',
      ]);
    });
  });

  describe('messages', () => {
    it('pages the messages newest first with the unread count of all pages', async () => {
      const first = await messageList();
      expect(first.status).toBe(200);
      expect(pagination(first)).toEqual({ TotalCount: 16, PageSize: 10, CurrentPage: 0, TotalPages: 2 });
      const page0 = messagesPageSchema.parse(await first.json());
      expect(page0.unreadCount).toBe(5);
      expect(page0.messages).toHaveLength(10);
      expect(page0.messages.slice(0, 5).every((m) => !m.isRead)).toBe(true);
      const created = page0.messages.map((m) => Date.parse(m.createdAt));
      expect(created).toEqual([...created].sort((a, b) => b - a));

      const second = await messageList('?pageIndex=1');
      expect(pagination(second)).toEqual({ TotalCount: 16, PageSize: 10, CurrentPage: 1, TotalPages: 2 });
      const page1 = messagesPageSchema.parse(await second.json());
      expect(page1.messages).toHaveLength(6);
      expect(page1.unreadCount).toBe(5);
      const guids0 = new Set(page0.messages.map((m) => m.guid));
      expect(page1.messages.some((m) => guids0.has(m.guid))).toBe(false);
      // A page past the end still has the list's counts (no row carries them there).
      const past = await messageList('?pageIndex=5');
      expect(pagination(past)).toEqual({ TotalCount: 16, PageSize: 10, CurrentPage: 5, TotalPages: 2 });
      expect(messagesPageSchema.parse(await past.json())).toEqual({ messages: [], unreadCount: 5 });
      expect(await error(await messageList('?pageSize=1000'))).toEqual([400, 'VALIDATION']);
    });

    it('reading a message marks it read and lowers the unread count; reading again changes nothing', async () => {
      const [newest] = messagesPageSchema.parse(await (await messageList()).json()).messages;
      const res = await get(`/api/customers/${demo.guid}/messages/${newest!.guid}`, demo);
      expect(res.status).toBe(200);
      const message = messageSchema.parse(await res.json());
      expect(message).toMatchObject({ guid: newest!.guid, id: newest!.id, subject: newest!.subject, isRead: true });
      expect(message.body.length).toBeGreaterThan(10);
      expect(message.unreadCount).toBe(4);
      expect((await messageRow(newest!.guid))?.isRead).toBe(true);

      const again = messageSchema.parse(
        await (await get(`/api/customers/${demo.guid}/messages/${newest!.guid.toUpperCase()}`, demo)).json(),
      );
      expect(again.unreadCount).toBe(4);
      expect(messagesPageSchema.parse(await (await messageList()).json()).unreadCount).toBe(4);
    });

    it('deletes a message softly: 204, then 404 and no longer listed or counted', async () => {
      const page = messagesPageSchema.parse(await (await messageList()).json());
      const unread = page.messages.find((m) => !m.isRead)!;
      const res = await del(`/api/customers/${demo.guid}/messages/${unread.guid}`, demo);
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect((await messageRow(unread.guid))?.deleteFlag).toBe(true);

      expect(await error(await get(`/api/customers/${demo.guid}/messages/${unread.guid}`, demo))).toEqual([
        404,
        'NOT_FOUND',
      ]);
      expect(await error(await del(`/api/customers/${demo.guid}/messages/${unread.guid}`, demo))).toEqual([
        404,
        'NOT_FOUND',
      ]);
      const after = await messageList();
      expect(pagination(after).TotalCount).toBe(15);
      const listed = messagesPageSchema.parse(await after.json());
      expect(listed.messages.some((m) => m.guid === unread.guid)).toBe(false);
      expect(listed.unreadCount).toBe(page.unreadCount - 1);
    });

    it('refuses an id that is not a GUID (400) and answers 404 for an unknown one', async () => {
      expect(await error(await get(`/api/customers/${demo.guid}/messages/12`, demo))).toEqual([400, 'VALIDATION']);
      expect(await error(await del(`/api/customers/${demo.guid}/messages/not-a-guid`, demo))).toEqual([
        400,
        'VALIDATION',
      ]);
      const unknown = crypto.randomUUID();
      expect(await error(await get(`/api/customers/${demo.guid}/messages/${unknown}`, demo))).toEqual([
        404,
        'NOT_FOUND',
      ]);
    });

    it("keeps other users out: 403 under the owner's guid, 404 under their own, 401 without a session", async () => {
      const [mine] = messagesPageSchema.parse(await (await messageList()).json()).messages;
      const path = `/api/customers/${demo.guid}/messages`;
      expect(await error(await get(path, other))).toEqual([403, 'FORBIDDEN']);
      expect(await error(await get(`${path}/${mine!.guid}`, other))).toEqual([403, 'FORBIDDEN']);
      expect(await error(await del(`${path}/${mine!.guid}`, other))).toEqual([403, 'FORBIDDEN']);
      const theirs = `/api/customers/${other.guid}/messages/${mine!.guid}`;
      expect(await error(await get(theirs, other))).toEqual([404, 'NOT_FOUND']);
      expect(await error(await del(theirs, other))).toEqual([404, 'NOT_FOUND']);
      expect((await messageRow(mine!.guid))?.deleteFlag).toBe(false);
      expect(messagesPageSchema.parse(await (await messageList('', other, other.guid)).json())).toEqual({
        messages: [],
        unreadCount: 0,
      });
      expect(await error(await get(path))).toEqual([401, 'UNAUTHORIZED']);
      expect(await error(await get(`${path}/${mine!.guid}`))).toEqual([401, 'UNAUTHORIZED']);
      expect(await error(await del(`${path}/${mine!.guid}`))).toEqual([401, 'UNAUTHORIZED']);
    });

    it('gives the product’s own messages in the language asked for, and one written by hand as written', async () => {
      const places = await placeNames(t.database.db, 'en');
      const sent = serviceMessage('packageArrived', { awb: 'SB9000105', warehouse: 'FRA', destination: 'AMM' }, places);
      expect(sent).toMatchObject({
        subject: 'Your package has arrived at our Frankfurt warehouse',
        body: 'We received your package SB9000105 at your Frankfurt address. It will leave on the next flight to Amman.',
      });
      const [templated, byHand] = [randomUUID(), randomUUID()];
      await t.database.db.insert(messages).values([
        { guid: templated, userGuid: other.guid, ...sent, isRead: true, createdAt: new Date(Date.now() - 60_000) },
        { guid: byHand, userGuid: other.guid, subject: 'A note from Amman', body: 'Written by hand.', isRead: true },
      ]);
      const list = async (query: string) =>
        messagesPageSchema.parse(await (await messageList(query, other, other.guid)).json()).messages;
      expect((await list('?language=ar')).map((m) => m.subject)).toEqual([
        'A note from Amman',
        'وصل طردك إلى مستودعنا في فرانكفورت',
      ]);
      expect((await list('')).map((m) => m.subject)).toEqual(['A note from Amman', sent.subject]);
      const read = await get(`/api/customers/${other.guid}/messages/${templated}?language=ar`, other);
      expect(messageSchema.parse(await read.json()).body).toBe(
        'استلمنا طردك SB9000105 على عنوانك في فرانكفورت، وسيغادر على أول رحلة إلى عمّان.',
      );
      const asWritten = await get(`/api/customers/${other.guid}/messages/${byHand}?language=ar`, other);
      expect(messageSchema.parse(await asWritten.json()).body).toBe('Written by hand.');
      // A template the catalogue no longer has reads as it was sent.
      await t.database.db.update(messages).set({ template: 'retired' }).where(eq(messages.guid, templated));
      expect((await list('?language=ar'))[1]?.subject).toBe(sent.subject);
    });
  });
});
