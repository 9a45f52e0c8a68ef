import Fastify, { type FastifyError } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultBasePaths, type EndpointContract } from '@carol/contracts';
import { errorMessage } from '@carol/i18n';
import { buildMember, buildSession } from '../../test/factories.js';
import { requiredConsents } from '../../test/consents.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { registerEndpoint } from './endpoint.js';
import { presentError } from './errors.js';
import { toAppError } from '../app.js';

// A NUL in a text field reached PostgreSQL (which refuses it) and came back as
// a 500. The contracts' text rule refuses control characters per field; the app maps a
// database refusal of text that slipped past it to 400.

let t: TestApp;
let ip = 0;

beforeAll(async () => {
  t = await createTestApp({ COOKIE_SECURE: 'false' });
});
afterAll(async () => t.close());

const postJson = (
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: { server: 'kr', country_code: 'kr', ...body },
    headers: { 'accept-language': 'en', ...headers },
    remoteAddress: `10.26.3.${++ip % 250}`,
  });

const booking = {
  shop_id: 1,
  date: '2030-01-07',
  time: '11:00',
  menu_ids: [1],
  booker_name: 'Kim Minji',
  booker_phone: '010-1234-5678',
  agree_personal_info: 'true',
  agree_third_party: 'true',
  idempotency_key: 'nul-test-key-1',
};

const cases: Array<[string, string, Record<string, unknown>, string]> = [
  ['change_name', '/api/carol/account/change_name', { given_name: 'Jun' }, 'family_name'],
  [
    'sign-up',
    '/api/userapi/registration/register',
    {
      email: 'nul@example.test',
      password: 'Carol_2024!',
      family_name: 'Kim',
      ...requiredConsents,
    },
    'given_name',
  ],
  [
    'send_inquiry',
    '/api/carol/support/send_inquiry',
    { kind: 'general', name: 'Kim', email: 'kim@example.test', title: 'Hello' },
    'message',
  ],
  ['add_booking (booker name)', '/shop-api/carol/booking/add_booking', booking, 'booker_name'],
  ['add_booking (request note)', '/shop-api/carol/booking/add_booking', booking, 'request_note'],
  ['search', '/api/carol/shop/getShopSearchInfo', {}, 'keyword'],
];

describe('a NUL in a text field', () => {
  let cookie: string;
  beforeAll(async () => {
    const member = await buildMember(t.database.db);
    cookie = `carol_sid=${await buildSession(t.database.db, member.id)}`;
  });

  it.each(cases)(
    '%s answers 400 INVALID_CHARACTERS on that field, not a 500',
    async (_, url, body, field) => {
      const res = await postJson(
        url,
        { ...body, [field]: 'a\u0000b — long enough to pass any minimum length' },
        { cookie },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        resCode: 'INVALID_CHARACTERS',
        resMessage: errorMessage('INVALID_CHARACTERS', 'en'),
      });
      expect(res.json<{ fields: unknown[] }>().fields).toContainEqual({
        field,
        resMessage: errorMessage('INVALID_CHARACTERS', 'en'),
      });
    },
  );

  it.each(['ko', 'en', 'ja'] as const)('is explained in %s', async (language) => {
    const res = await postJson(
      '/api/carol/account/change_name',
      { family_name: 'a\u0000b', given_name: 'Jun' },
      { cookie, 'accept-language': language },
    );
    expect(res.statusCode).toBe(400);
    const message = errorMessage('INVALID_CHARACTERS', language);
    expect(message).not.toBe('INVALID_CHARACTERS');
    expect(res.json<{ fields: unknown[] }>().fields).toEqual([
      { field: 'family_name', resMessage: message },
    ]);
  });

  it.each([
    ['DEL', '\u007F'],
    ['a C1 control', '\u0085'],
    ['a lone surrogate', '\uD800'],
    ['a line feed in a name', '\n'],
  ])('refuses %s the same way', async (_, char) => {
    const res = await postJson(
      '/api/carol/account/change_name',
      { family_name: `a${char}b`, given_name: 'Jun' },
      { cookie },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ resCode: 'INVALID_CHARACTERS' });
  });

  it('refuses it in form-data and urlencoded bodies too', async () => {
    const form = new FormData();
    form.set('server', 'kr');
    form.set('country_code', 'kr');
    form.set('family_name', 'a\u0000b');
    form.set('given_name', 'Jun');
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/carol/account/change_name',
      payload: form,
      headers: { cookie },
    });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toMatchObject({ resCode: 'INVALID_CHARACTERS' });
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/api/carol/account/change_name',
      payload: 'server=kr&country_code=kr&family_name=a%00b&given_name=Jun',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(urlencoded.statusCode).toBe(400);
    expect(urlencoded.json()).toMatchObject({ resCode: 'INVALID_CHARACTERS' });
  });

  it('still saves ordinary names in every script', async () => {
    const res = await postJson(
      '/api/carol/account/change_name',
      { family_name: '山田', given_name: '이서연 😀' },
      { cookie },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ family_name: '山田', given_name: '이서연 😀' });
  });
});

describe('text the database refuses that slipped past the contract', () => {
  // A contract written without defineEndpoint has no text rule: the database is the last line.
  const unguarded = {
    base: 'main',
    path: '/carol/test/store_text',
    summary: 'test',
    tag: 'test',
    access: 'public',
    envelope: 'main',
    request: z.object({ kind: z.enum(['text', 'json']), value: z.string() }),
    response: z.object({}),
  } satisfies EndpointContract;

  it.each([
    ['a NUL in a text parameter (22021)', 'text', 'a\u0000b'],
    ['a \\u0000 escape in jsonb (22P05)', 'json', '{"a":"\\u0000"}'],
  ])('answers 400 INVALID_CHARACTERS for %s', async (_, kind, value) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.setErrorHandler((error, _request, reply) => {
      // The app's own mapping of errors (toAppError), as buildApp's error handler uses it.
      const appError = toAppError(error as FastifyError);
      return reply.status(appError.statusCode).send(presentError(appError, 'en'));
    });
    const db = t.database.db;
    registerEndpoint(
      app,
      { basePaths: defaultBasePaths, handlerTimeoutMs: 5000, loadMember: async () => null },
      unguarded,
      async ({ input }) => {
        const text = input.value;
        await db.execute(
          input.kind === 'json' ? sql`select ${text}::jsonb` : sql`select ${text}::text`,
        );
        return {};
      },
    );
    await app.ready();
    const res = await app.inject({
      method: 'POST',
      url: '/api/carol/test/store_text',
      payload: { server: 'kr', country_code: 'kr', kind, value },
    });
    await app.close();
    expect(res.json()).toMatchObject({ resCode: 'INVALID_CHARACTERS' });
    expect(res.statusCode).toBe(400);
  });
});
