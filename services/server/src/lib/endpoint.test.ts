import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultBasePaths, defineEndpoint } from '@carol/contracts';
import { registerEndpoint } from './endpoint.js';
import { AppError, presentError } from './errors.js';

const slow = defineEndpoint({
  base: 'shop',
  path: '/carol/test/slow',
  summary: 'test',
  tag: 'test',
  access: 'member',
  envelope: 'shop',
  request: z.object({ wait_ms: z.coerce.number().int() }),
  response: z.object({ waited: z.number() }),
});

async function buildTestApp(member: { memberId: number } | null) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler((error, _request, reply) => {
    const appError = error instanceof AppError ? error : new AppError('INTERNAL');
    return reply.status(appError.statusCode).send(presentError(appError, 'en'));
  });
  registerEndpoint(
    app,
    {
      basePaths: defaultBasePaths,
      handlerTimeoutMs: 100,
      loadMember: async () =>
        member
          ? { ...member, sessionId: 's', language: 'ko', server: 'kr', authenticatedAt: new Date() }
          : null,
    },
    slow,
    async ({ input }) => {
      await new Promise((resolve) => setTimeout(resolve, input.wait_ms));
      return { waited: input.wait_ms };
    },
  );
  await app.ready();
  return app;
}

const payload = (waitMs: number) => ({ server: 'kr', country_code: 'kr', wait_ms: waitMs });

describe('registerEndpoint', () => {
  it('wraps the payload in the shop envelope', async () => {
    const app = await buildTestApp({ memberId: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/shop-api/carol/test/slow',
      payload: payload(1),
    });
    expect(res.json()).toEqual({ success: true, waited: 1 });
  });

  it('refuses anonymous callers of a member endpoint before running the handler', async () => {
    const app = await buildTestApp(null);
    const res = await app.inject({
      method: 'POST',
      url: '/shop-api/carol/test/slow',
      payload: payload(1),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ resCode: 'UNAUTHORIZED', resMessage: 'Please log in.' });
  });

  it('answers SERVER_TIMEOUT when the handler outlives the server-side limit', async () => {
    const app = await buildTestApp({ memberId: 1 });
    const res = await app.inject({
      method: 'POST',
      url: '/shop-api/carol/test/slow',
      payload: payload(400),
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ resCode: 'SERVER_TIMEOUT' });
  });
});

describe('registerEndpoint and binary contracts', () => {
  it('refuses contracts whose success is a blob (they are raw routes)', () => {
    const blob = defineEndpoint({
      ...slow,
      path: '/carol/test/blob',
      responseType: 'blob',
      response: z.object({}),
    });
    expect(() =>
      registerEndpoint(
        Fastify(),
        { basePaths: defaultBasePaths, handlerTimeoutMs: 100, loadMember: async () => null },
        blob,
        async () => ({}),
      ),
    ).toThrow(/answers a blob/);
  });
});
