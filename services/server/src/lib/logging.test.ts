import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { networkOf, scrubText, scrubUrl, serializeError } from './logging.js';

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';

/** A driver error the way node-postgres and PGlite report a failed statement. */
function driverError() {
  return Object.assign(new Error('new row for relation "members" violates check constraint'), {
    code: '23514',
    constraint: 'members_email_lower',
    table: 'members',
    detail: `Failing row contains (7, Kim@Example.test, ${hash}, 010-1234-5678).`,
    where: 'SQL statement "insert …"',
    query: 'insert into members …',
    params: ['Kim@Example.test', hash],
  });
}

describe('serializeError', () => {
  it('drops the bound parameters from drizzle errors, in the message and the stack', () => {
    const error = new DrizzleQueryError(
      'insert into "members" ("email", "password_hash") values ($1, $2)',
      ['kim@example.test', hash],
      driverError(),
    );
    const out = serializeError(error) as Record<string, unknown>;
    const text = JSON.stringify(out);
    expect(out.message).toBe(
      'Failed query: insert into "members" ("email", "password_hash") values ($1, $2)',
    );
    expect(out.stack).toMatch(/^DrizzleQueryError: Failed query: insert[^\n]*\$2\)\n\s+at /);
    for (const secret of ['kim@example.test', 'Kim@Example.test', '$argon2id$', '010-1234-5678'])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/params|detail|"where"|"query"/);
  });

  it('keeps the diagnostic fields of the cause: SQLSTATE, constraint, table', () => {
    const out = serializeError(new DrizzleQueryError('select 1', [], driverError())) as {
      cause: Record<string, unknown>;
    };
    expect(out.cause).toMatchObject({
      code: '23514',
      constraint: 'members_email_lower',
      table: 'members',
      message: 'new row for relation "members" violates check constraint',
    });
  });

  it('scrubs an e-mail or a hash that an error message itself carries', () => {
    const error = new Error(`550 <kim@example.test>: rejected; ${hash}`);
    expect(JSON.stringify(serializeError(error))).not.toMatch(/kim@example|argon2/);
  });

  it('scrubs a string logged under err, and reduces a thrown non-Error to its message', () => {
    expect(serializeError('no member kim@example.test')).toBe('no member [redacted]');
    expect(serializeError({ message: 'x', params: [hash] })).toEqual({
      type: 'object',
      message: 'x',
    });
  });
});

describe('scrubText', () => {
  it.each([
    ['an e-mail address', 'to kim.minji+1@example.co.kr failed'],
    ['a Korean mobile number', 'to 010-1234-5678'],
    ['a mobile number without dashes', 'to 01012345678'],
    ['an international number', 'to +819012345678'],
    ['an argon2 hash', `hash ${hash} given`],
    [
      'a body quoted by JSON.parse',
      `Unexpected token 'x', "x{"password":"Secret_1!"}" is not valid JSON`,
    ],
  ])('removes %s', (_, text) => {
    expect(scrubText(text)).toContain('[redacted]');
    expect(scrubText(text)).not.toMatch(/example|1234-5678|12345678|argon2|Secret_1/);
  });

  it('leaves ordinary diagnostics alone', () => {
    const text = 'duplicate key value violates unique constraint "bookings_no_overlap" at 12:30:45';
    expect(scrubText(text)).toBe(text);
  });
});

describe('scrubUrl', () => {
  const token = 'q2Vd1_Zr8kPfX0aLw3bT9yHc4sJ6mN7eUoR5iGtKx-A';

  it.each([
    [`/login/findpasswordafteremail/${token}`, '/login/findpasswordafteremail/[redacted]'],
    [
      `/mypage/setting/changeemailsendafter/kr/${token}`,
      '/mypage/setting/changeemailsendafter/kr/[redacted]',
    ],
    [
      `/api/x?token=${token}&email=kim@example.test&w=`,
      '/api/x?token=[redacted]&email=[redacted]&w=[redacted]',
    ],
    ['/media/gallery/3f9c2a7e81b04d6f9a2c5e7b1d3f8a60.webp', '/media/gallery/[redacted].webp'],
  ])('hides the secret in %s', (url, expected) => {
    expect(scrubUrl(url)).toBe(expected);
  });

  it.each([
    '/api/carol/shop/getShopDetail',
    '/find/saloninfo/5/gangnam-hair-salon-best',
    '/w/-1/0/0',
    '/assets/reservation-check-Dk3jd9sK.js',
  ])('keeps %s readable', (url) => {
    expect(scrubUrl(url)).toBe(url);
  });
});

describe('networkOf', () => {
  it('logs a client address only as its network, never the address itself', () => {
    expect(networkOf('203.0.113.57')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.57')).toBe('203.0.113.0/24');
    expect(networkOf('2001:0db8:0001:0002:0000:0000:0000:0005')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8:1:2::5')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8::5')).toBe('2001:db8:0::/48');
    expect(networkOf('::1')).toBe('0:0:0::/48');
    expect(networkOf(undefined)).toBe('?');
    expect(networkOf('not an address')).toBe('?');
  });
});
