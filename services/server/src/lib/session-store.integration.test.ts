import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { loadConfig } from '../env.js';
import { sessions } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/db.js';
import { postForm } from '../../test/app.js';
import { buildMember, buildSession } from '../../test/factories.js';
import { hashPassword } from './password.js';
import { databaseSessionStore, redisSessionStore, type SessionStore } from './session-store.js';

const redisUrl = process.env.TEST_REDIS_URL;
const hour = 60 * 60 * 1000;

function storeContract(name: string, make: () => SessionStore) {
  describe(`${name} session store`, () => {
    it('finds a live session, not an expired or deleted one', async () => {
      const store = make();
      const id = randomUUID();
      await store.create({
        id,
        memberId: 1,
        expiresAt: new Date(Date.now() + hour),
        userAgent: null,
        ip: null,
      });
      expect(await store.find(id)).toMatchObject({ memberId: 1 });
      await store.delete(id);
      expect(await store.find(id)).toBeNull();
      const short = randomUUID();
      await store.create({
        id: short,
        memberId: 1,
        expiresAt: new Date(Date.now() + 40),
        userAgent: null,
        ip: null,
      });
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await store.find(short)).toBeNull();
    });

    it("ends all of one member's sessions, or all but one, and never another member's", async () => {
      const store = make();
      const [a1, a2, a3, b1] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const expiresAt = new Date(Date.now() + hour);
      for (const [id, memberId] of [
        [a1, 1],
        [a2, 1],
        [a3, 1],
        [b1, 2],
      ] as const) {
        await store.create({ id, memberId, expiresAt, userAgent: 'ua', ip: '10.0.0.1' });
      }
      await store.deleteForMember(1, { except: a1 });
      expect(await store.find(a1)).not.toBeNull();
      expect(await store.find(a2)).toBeNull();
      expect(await store.find(a3)).toBeNull();
      await store.deleteForMember(1);
      expect(await store.find(a1)).toBeNull();
      expect(await store.find(b1)).toMatchObject({ memberId: 2 });
    });
  });
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  const a = await buildMember(database.db);
  const b = await buildMember(database.db);
  // The database store's rows reference real members 1 and 2.
  expect([a.id, b.id]).toEqual([1, 2]);
});
afterAll(() => database.close());

storeContract('database', () => databaseSessionStore(database.db));

describe.skipIf(!redisUrl)('with Redis (TEST_REDIS_URL)', () => {
  const clients: Redis[] = [];
  const client = () => {
    const redis = new Redis(redisUrl!, { maxRetriesPerRequest: 1, keyPrefix: `${randomUUID()}:` });
    clients.push(redis);
    return redis;
  };
  afterAll(() => clients.forEach((c) => c.disconnect()));

  storeContract('redis', () => redisSessionStore(client()));

  it('keeps sign-in sessions in Redis, not the table: login, check, password change ends them all', async () => {
    const db = database.db;
    const app = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SERVE_WEB: 'false',
        COOKIE_SECURE: 'false',
        RATE_LIMIT_PER_MINUTE: '10000',
        DATA_DIR: `/nonexistent-${randomUUID()}`,
      }),
      db,
      redis: client(),
      logger: false,
    });
    try {
      const password = 'Redis_pass1';
      const member = await buildMember(db, { passwordHash: await hashPassword(password) });
      const login = async () => {
        const res = await postForm(app, '/api/userapi/login/login', {
          email: member.email!,
          password,
        });
        expect(res.statusCode).toBe(200);
        return /carol_sid=([^;]+)/.exec(String(res.headers['set-cookie']))![1]!;
      };
      const exists = async (token: string) =>
        (
          await postForm(
            app,
            '/api/carol/account/user_check',
            { user_id: member.id },
            {
              headers: { cookie: `carol_sid=${token}` },
            },
          )
        ).json<{ user_exists: boolean }>().user_exists;

      const phone = await login();
      const laptop = await login();
      expect(await db.select().from(sessions).where(eq(sessions.memberId, member.id))).toEqual([]);
      expect(await exists(phone)).toBe(true);
      expect(await exists(laptop)).toBe(true);

      const logout = await postForm(
        app,
        '/api/carol/account/logout',
        {},
        {
          headers: { cookie: `carol_sid=${laptop}` },
        },
      );
      expect(logout.statusCode).toBe(200);
      expect(await exists(laptop)).toBe(false);
      expect(await exists(phone)).toBe(true);

      const tablet = await login();
      const change = await postForm(
        app,
        '/api/carol/account/change_password',
        { current_password: password, new_password: 'Other_pass2' },
        { headers: { cookie: `carol_sid=${phone}` } },
      );
      expect(change.json()).toEqual({ result: 'success' });
      expect(await exists(phone)).toBe(false);
      expect(await exists(tablet)).toBe(false);

      // A session made in the table by another path is not consulted while Redis is the store.
      const fromTable = await buildSession(db, member.id);
      expect(await exists(fromTable)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
