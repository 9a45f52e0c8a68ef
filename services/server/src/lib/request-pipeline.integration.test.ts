import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { members } from '../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { buildConsoleKey, buildMember, buildSession, buildShop } from '../../test/factories.js';

/**
 * The request pipeline, over real HTTP (the raw path reaches the server unchanged):
 * the Origin check decided on the matched route, multipart read only where the route takes
 * files (limits before reading, session first, a bounded upload buffer), malformed bodies as 400,
 * HSTS only behind HTTPS.
 */
const port = 3301;
const self = `http://127.0.0.1:${port}`;
const evil = 'http://127.0.0.1:3399';
const cookieName = 'carol_sid';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    COOKIE_SECURE: 'false',
    UPLOAD_BUFFER_MB: '1',
    ML_WORKERS: '1',
    ML_PRELOAD: 'false',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Body bytes the client had written when the answer came. */
  sent: number;
}

/**
 * One HTTP/1.1 request on its own socket: the head as given (path verbatim), then the body
 * chunks while the server reads them and has not answered; stops writing at the answer.
 */
function raw(
  method: string,
  path: string,
  headers: Record<string, string | number>,
  body: Iterable<Buffer> = [],
  { closeAfter = true, timeoutMs = 15_000 } = {},
): Promise<RawAnswer> & { socket: ReturnType<typeof connect> } {
  const socket = connect(port, '127.0.0.1');
  const promise = new Promise<RawAnswer>((resolve, reject) => {
    let answered = false;
    let sent = 0;
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms (${sent} bytes sent)`));
    }, timeoutMs);
    const finish = () => {
      const text = received.toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      if (headEnd < 0) return false;
      const [statusLine, ...lines] = text.slice(0, headEnd).split('\r\n');
      const parsed: Record<string, string> = {};
      for (const line of lines) {
        const i = line.indexOf(':');
        parsed[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(parsed['content-length'] ?? NaN);
      const rest = received.subarray(Buffer.byteLength(text.slice(0, headEnd + 4)));
      if (Number.isFinite(length) && rest.length < length) return false;
      answered = true;
      clearTimeout(timer);
      resolve({
        status: Number(statusLine!.split(' ')[1]),
        headers: parsed,
        body: rest.toString('utf8'),
        sent,
      });
      if (closeAfter) socket.destroy();
      return true;
    };
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      finish();
    });
    // EPIPE/ECONNRESET: the server closed after answering (Connection: close) while we wrote.
    socket.on('error', () => finish());
    socket.on('close', () => {
      if (!answered && !finish()) {
        clearTimeout(timer);
        reject(new Error(`closed without an answer (${sent} bytes sent)`));
      }
    });
    const write = async () => {
      const head = [`${method} ${path} HTTP/1.1`, `host: 127.0.0.1:${port}`];
      for (const [k, v] of Object.entries(headers)) head.push(`${k}: ${v}`);
      socket.write(`${head.join('\r\n')}\r\n\r\n`);
      for (const chunk of body) {
        if (answered || socket.destroyed) return;
        sent += chunk.length;
        if (!socket.write(chunk)) {
          await new Promise<void>((r) => {
            const done = () => {
              socket.off('drain', done);
              socket.off('close', done);
              r();
            };
            socket.on('drain', done);
            socket.on('close', done);
          });
        }
      }
    };
    socket.on('connect', () => void write());
  });
  return Object.assign(promise, { socket });
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams({ server: 'kr', country_code: 'kr', ...fields }).toString();
}

async function memberWithSession() {
  const member = await buildMember(t.database.db);
  const token = await buildSession(t.database.db, member.id);
  return { member, cookie: `${cookieName}=${token}` };
}

/** A urlencoded change_name with the given headers (origin, cookie, ...). */
function postName(path: string, headers: Record<string, string>, familyName: string) {
  const payload = form({ family_name: familyName, given_name: 'X' });
  return raw(
    'POST',
    path,
    {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(payload),
    },
    [Buffer.from(payload)],
  );
}

async function nameOf(id: number) {
  const [row] = await t.database.db.select().from(members).where(eq(members.id, id));
  return row!.familyName;
}

describe('Origin check on every spelling of a path', () => {
  const spellings = [
    '/api/carol/account/change_name',
    '/%61pi/carol/account/change_name',
    '/api/carol/account/change%5Fname',
    '/%2561pi/carol/account/change_name',
    '/api/carol/account/change_name/',
    '//api/carol/account/change_name',
    '/api//carol/account/change_name',
    '/API/carol/account/change_name',
    '/api/./carol/account/change_name',
    '/x/../api/carol/account/change_name',
    '/api/carol/account/change_name?x=1',
  ];

  it.each(spellings)(
    '%s with a foreign Origin and a member cookie: 403, nothing changed',
    async (path) => {
      const { member, cookie } = await memberWithSession();
      const res = await postName(path, { origin: evil, cookie, 'accept-language': 'en' }, 'Pwned');
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({
        resCode: 'ORIGIN_REJECTED',
        resMessage: expect.stringContaining('refused') as unknown,
      });
      expect(await nameOf(member.id)).toBe(member.familyName);
    },
  );

  it.each(spellings)('%s from the app itself: served where the router matches it', async (path) => {
    const { member, cookie } = await memberWithSession();
    const res = await postName(path, { origin: self, cookie }, 'Lee');
    expect([200, 404]).toContain(res.status);
    if (res.status === 200) expect(await nameOf(member.id)).toBe('Lee');
  });

  it('the canonical path, the encoded one and the trailing slash are served (the router decodes)', async () => {
    for (const path of spellings.slice(0, 3).concat(spellings[4]!)) {
      const { cookie } = await memberWithSession();
      const res = await postName(path, { origin: self, cookie }, 'Lee');
      expect(res.status, path).toBe(200);
    }
  });

  it('/shop-%61pi/ with a foreign Origin: 403', async () => {
    const { cookie } = await memberWithSession();
    const payload = form({});
    const res = await raw(
      'POST',
      '/shop-%61pi/carol/mygallery/get_my_gallery_list',
      {
        origin: evil,
        cookie,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(payload),
      },
      [Buffer.from(payload)],
    );
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ resCode: 'ORIGIN_REJECTED' });
  });

  it('a cross-site fetch without Origin (Sec-Fetch-Site) on an encoded path: 403', async () => {
    const { cookie } = await memberWithSession();
    const res = await postName(
      '/%61pi/carol/account/change_name',
      { 'sec-fetch-site': 'same-site', cookie },
      'Pwned',
    );
    expect(res.status).toBe(403);
  });

  it('console routes (key, no cookie) stay exempt by the matched route, in any spelling', async () => {
    const shop = await buildShop(t.database.db);
    const key = await buildConsoleKey(t.database.db, shop.id);
    for (const path of [
      '/shop-api/console/qr/open_session',
      '/shop-%61pi/console/qr/open_session',
    ]) {
      const payload = form({});
      const res = await raw(
        'POST',
        path,
        {
          origin: evil,
          authorization: `Bearer ${key}`,
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(payload),
        },
        [Buffer.from(payload)],
      );
      expect(res.status, path).toBe(200);
    }
  });
});

const MB = 1024 * 1024;
const boundary = '----carolTestBoundary';
const filler = Buffer.alloc(64 * 1024, 0x61);

/** A multipart body: text fields, then one file part of `fileBytes` generated on the fly. */
function* multipartBody(fields: Record<string, string>, file?: { name: string; bytes: number }) {
  for (const [k, v] of Object.entries({ server: 'kr', country_code: 'kr', ...fields }))
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
  if (file) {
    yield Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="${file.name}"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\n`,
    );
    for (let n = 0; n < file.bytes; n += filler.length) yield filler;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from(`--${boundary}--\r\n`);
}
const multipartType = `multipart/form-data; boundary=${boundary}`;

function memory() {
  globalThis.gc?.();
  const { rss, heapUsed, arrayBuffers } = process.memoryUsage();
  return { rss, heapUsed, arrayBuffers };
}

describe('multipart only where the route takes files', () => {
  it('a 140 MB declared body to getMainBanner is refused from its Content-Length, unread', async () => {
    const before = memory();
    const res = await raw(
      'POST',
      '/api/carol/banner/getMainBanner',
      { 'content-type': multipartType, 'content-length': 140 * MB, 'accept-language': 'en' },
      multipartBody({}, { name: 'photo', bytes: 140 * MB }),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({
      resCode: 'PAYLOAD_TOO_LARGE',
      resMessage: 'The file is too large.',
    });
    expect(res.sent).toBeLessThan(20 * MB);
    const after = memory();
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(30 * MB);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(30 * MB);
  });

  it('a file part (chunked, no length) to getMainBanner: 415 at the part, memory flat', async () => {
    const before = memory();
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        raw(
          'POST',
          '/api/carol/banner/getMainBanner',
          {
            'content-type': multipartType,
            'transfer-encoding': 'chunked',
            'accept-language': 'ja',
          },
          chunked(multipartBody({}, { name: 'photo', bytes: 140 * MB })),
        ),
      ),
    );
    const after = memory();
    for (const res of answers) {
      expect(res.status).toBe(415);
      expect(JSON.parse(res.body)).toMatchObject({
        resCode: 'FILES_NOT_ACCEPTED',
        resMessage: 'このリクエストにはファイルを添付できません。',
      });
      expect(res.sent).toBeLessThan(40 * MB);
    }
    expect(after.arrayBuffers - before.arrayBuffers).toBeLessThan(40 * MB);
    expect(after.heapUsed - before.heapUsed).toBeLessThan(40 * MB);
    expect(after.rss - before.rss).toBeLessThan(150 * MB);
  });

  it('the same banner call with text fields only still works over multipart', async () => {
    const chunks = [...multipartBody({})];
    const res = await raw(
      'POST',
      '/api/carol/banner/getMainBanner',
      { 'content-type': multipartType, 'content-length': Buffer.concat(chunks).length },
      chunks,
    );
    expect(res.status).toBe(200);
  });

  it('an anonymous upload to a member-only upload route: 401 before the body is read', async () => {
    const res = await raw(
      'POST',
      '/shop-api/carol/mygallery/save_to_my_gallery',
      { 'content-type': multipartType, 'content-length': 15 * MB, 'accept-language': 'en' },
      // Only the first megabyte is ever written: a server that waited for the body never answers.
      [...multipartBody({}, { name: 'photo', bytes: 15 * MB })].slice(0, 20),
      { timeoutMs: 5_000 },
    );
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body)).toMatchObject({ resCode: 'UNAUTHORIZED' });
  });

  it('a stranger on a member-only or console route: 401 before the body is read or checked', async () => {
    // Half a body that would not pass validation anyway: a server that read or validated it
    // first would wait for the rest (timeout) or answer 400.
    for (const path of [
      '/api/carol/account/set_marketing_consent',
      '/shop-api/console/booking/set_reschedule_settings',
    ]) {
      const res = await raw(
        'POST',
        path,
        {
          origin: self,
          'content-type': 'application/json',
          'content-length': 4_000,
          'accept-language': 'ja',
        },
        [Buffer.from('{"agree":"perhaps","cutoff_minutes":1,')],
        { timeoutMs: 5_000 },
      );
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toMatchObject({
        resCode: 'UNAUTHORIZED',
        resMessage: 'ログインしてください。',
      });
    }
  });

  it('a file larger than the route allows: 413 while reading; over its total: 413 unread', async () => {
    const { cookie } = await memberWithSession();
    const tooBig = await raw(
      'POST',
      '/shop-api/carol/mygallery/save_to_my_gallery',
      { origin: self, cookie, 'content-type': multipartType, 'transfer-encoding': 'chunked' },
      chunked(multipartBody({}, { name: 'photo', bytes: 16 * MB })),
    );
    expect(tooBig.status).toBe(413);
    const declared = await raw(
      'POST',
      '/shop-api/carol/mygallery/save_to_my_gallery',
      { origin: self, cookie, 'content-type': multipartType, 'content-length': 17 * MB },
      [],
      { timeoutMs: 5_000 },
    );
    expect(declared.status).toBe(413);
    // A file field the route does not take.
    const otherField = await raw(
      'POST',
      '/shop-api/carol/mygallery/save_to_my_gallery',
      { origin: self, cookie, 'content-type': multipartType, 'transfer-encoding': 'chunked' },
      chunked(multipartBody({}, { name: 'avatar', bytes: 1 * MB })),
    );
    expect(otherField.status).toBe(415);
    expect(JSON.parse(otherField.body)).toMatchObject({ resCode: 'FILES_NOT_ACCEPTED' });
  });

  it('uploads beyond the upload buffer wait their turn: 503 UPLOADS_BUSY with Retry-After', async () => {
    const { cookie } = await memberWithSession();
    const small = (path: string, headers: Record<string, string> = {}) =>
      raw(
        'POST',
        path,
        { 'content-type': multipartType, 'transfer-encoding': 'chunked', ...headers },
        chunked(multipartBody({}, { name: 'photo', bytes: 1024 })),
      );
    // Fills the upload buffer (UPLOAD_BUFFER_MB=1; alone it is always let in): a head and a
    // part of its 2 MB body, then nothing.
    const startSlow = () => {
      const request = raw(
        'POST',
        '/shop-api/carol/mygallery/save_to_my_gallery',
        { origin: self, cookie, 'content-type': multipartType, 'content-length': 2 * MB },
        [...multipartBody({}, { name: 'photo', bytes: 2 * MB })].slice(0, 4),
        { timeoutMs: 60_000 },
      );
      const state = { request, settled: false };
      request.then(
        () => (state.settled = true),
        () => (state.settled = true),
      );
      return state;
    };
    let slow = startSlow();
    // Until the slow one is in (a busy machine takes a while), a small gallery upload goes
    // through (a 4xx: not an image); then it is refused. Should the slow one have come while a
    // probe was running, it was refused itself: start it again.
    let probe: RawAnswer | undefined;
    for (let i = 0; i < 50; i += 1) {
      probe = await small('/shop-api/carol/mygallery/save_to_my_gallery', { origin: self, cookie });
      if (probe.status === 503) break;
      if (slow.settled) slow = startSlow();
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(probe?.status).toBe(503);
    // The ML uploads share the bound.
    const busy = await small('/ml-api/face-landmark/predict/v1', { 'accept-language': 'en' });
    expect(busy.status).toBe(503);
    expect(busy.headers['retry-after']).toBe('5');
    expect(JSON.parse(busy.body)).toMatchObject({
      resCode: 'UPLOADS_BUSY',
      resMessage: 'Too many uploads right now. Please try again in a moment.',
    });
    // The client gives up: its share is free again.
    slow.request.socket.destroy();
    await new Promise((r) => setTimeout(r, 200));
    const next = await small('/shop-api/carol/mygallery/save_to_my_gallery', {
      origin: self,
      cookie,
    });
    expect(next.status).not.toBe(503);
  });
});

/** Transfer-Encoding: chunked framing of a body. */
function* chunked(body: Iterable<Buffer>) {
  for (const chunk of body) {
    yield Buffer.from(`${chunk.length.toString(16)}\r\n`);
    yield chunk;
    yield Buffer.from('\r\n');
  }
  yield Buffer.from('0\r\n\r\n');
}

describe('malformed multipart on every OpenAPI operation', () => {
  const shapes: Array<[string, string, string]> = [
    [
      'no boundary',
      'multipart/form-data',
      `--x\r\ncontent-disposition: form-data; name="server"\r\n\r\nkr\r\n--x--\r\n`,
    ],
    [
      'unterminated part',
      'multipart/form-data; boundary=x',
      `--x\r\ncontent-disposition: form-data; name="server"\r\n\r\nkr\r\n--x\r\ncontent-disposition: form-data; name="photo"; filename="a.jpg"\r\ncontent-type: image/jpeg\r\n\r\nabc`,
    ],
    ['a JSON body', 'multipart/form-data; boundary=x', '{"server":"kr","country_code":"kr"}'],
  ];

  it('answers no 5xx, and 400 MALFORMED_BODY localized where the body is read', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = docs.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
    const operations = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => [method.toUpperCase(), path] as const),
    );
    expect(operations.length).toBeGreaterThan(80);
    // Without a logger every request logs through the app's (null) logger: spy on it.
    const errorLog = vi.spyOn(t.app.log, 'error');
    const infoLog = vi.spyOn(t.app.log, 'info');
    const failures: string[] = [];
    let malformed = 0;
    let unread = 0;
    let n = 0;
    for (const [method, path] of operations) {
      for (const [name, type, payload] of shapes) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const res = await t.app.inject({
          method: method as 'POST',
          url,
          headers: { 'content-type': type, 'accept-language': 'en' },
          payload,
          remoteAddress: `10.77.${Math.floor(++n / 250)}.${n % 250}`,
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${url} (${name}): ${res.statusCode} ${res.body}`);
        // A member-only or console route refuses the stranger before reading the body.
        if (res.statusCode === 401) {
          expect(res.json<{ resCode: string }>().resCode).toBe('UNAUTHORIZED');
          unread += 1;
        }
        if (
          res.statusCode === 400 &&
          res.json<{ resCode: string }>().resCode === 'MALFORMED_BODY'
        ) {
          malformed += 1;
          expect(res.json()).toMatchObject({
            resMessage: 'The request could not be read. Please reload the page and try again.',
          });
        }
      }
    }
    expect(failures).toEqual([]);
    // Refusals of bad input: logged at info, as a code and a message, never a stack.
    expect(errorLog).not.toHaveBeenCalled();
    const refusals = infoLog.mock.calls
      .map(([entry]) => entry)
      .filter(
        (entry): entry is { code: string; err?: unknown } =>
          typeof entry === 'object' &&
          entry !== null &&
          (entry as { code?: unknown }).code === 'MALFORMED_BODY',
      );
    expect(refusals.length).toBe(malformed);
    for (const entry of refusals) expect(typeof entry.err === 'object').toBe(false);
    errorLog.mockRestore();
    infoLog.mockRestore();
    // Every POST operation open to a stranger reads its body; the others refuse unread (401);
    // GETs have none.
    const posts = operations.filter(([m]) => m === 'POST').length;
    expect(unread).toBeGreaterThan(0);
    expect(malformed + unread).toBeGreaterThanOrEqual(posts * 2);
  });
});

describe('HSTS only behind HTTPS', () => {
  it('plain HTTP: no HSTS, no upgrade-insecure-requests, whatever COOKIE_SECURE says', async () => {
    const secureCookies = await createTestApp({ COOKIE_SECURE: 'true', ML_PRELOAD: 'false' });
    try {
      for (const app of [t.app, secureCookies.app]) {
        const res = await app.inject({ method: 'GET', url: '/healthz' });
        expect(res.headers['strict-transport-security']).toBeUndefined();
        const csp = String(res.headers['content-security-policy']);
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(csp).toContain("default-src 'self'");
      }
    } finally {
      await secureCookies.close();
    }
  });

  it('HTTPS (here: X-Forwarded-Proto from a trusted proxy): both sent', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', ML_PRELOAD: 'false' });
    try {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain('upgrade-insecure-requests');
      expect(csp).toContain("default-src 'self'");
      // The same header from a client when no proxy is trusted changes nothing.
      const spoofed = await t.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });
});
