import { describe, expect, it } from 'vitest';
import { allEndpoints } from './registry.js';
import { errorCodes, httpStatusOf } from './errors.js';
import { successSchemaOf } from './envelope.js';

describe('endpoint contracts', () => {
  it('have unique base + path pairs and spec-style paths', () => {
    const keys = allEndpoints.map((e) => `${e.base}${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of allEndpoints) {
      if (e.base === 'ml') expect(e.path).toMatch(/^\/[a-z-]+\/predict\/v\d+$/);
      else expect(e.path).toMatch(/^\/(carol|userapi|console)(\/[a-z]+)?\/[A-Za-z_]+$/);
    }
  });

  it('mark binary responses explicitly (the ML hair colour and hair mask answer with an image)', () => {
    const blobs = allEndpoints.filter((e) => e.responseType === 'blob').map((e) => e.path);
    expect(blobs).toEqual(['/hair-color/predict/v1', '/hair-mask/predict/v1']);
    for (const e of allEndpoints.filter((x) => x.responseType === 'blob'))
      expect(Object.keys(e.response.shape)).toEqual([]);
  });

  it('never declare the common fields themselves (the server adds them)', () => {
    for (const e of allEndpoints) {
      expect(Object.keys(e.request.shape)).not.toContain('server');
      expect(Object.keys(e.request.shape)).not.toContain('country_code');
    }
  });

  it('wrap payloads in the envelope the spec judges success by', () => {
    const main = allEndpoints.find((e) => e.path === '/carol/account/user_check')!;
    expect(
      successSchemaOf(main.envelope, main.response).parse({ result: 'success', user_exists: true }),
    ).toEqual({ result: 'success', user_exists: true });
    expect(() =>
      successSchemaOf(main.envelope, main.response).parse({ success: true, user_exists: true }),
    ).toThrow();
  });
});

describe('error codes', () => {
  it('map to client or server HTTP statuses', () => {
    for (const code of Object.keys(errorCodes) as Array<keyof typeof errorCodes>) {
      expect(httpStatusOf(code)).toBeGreaterThanOrEqual(400);
      expect(httpStatusOf(code)).toBeLessThan(600);
    }
    expect(httpStatusOf('RESERVATION_UNAVAILABLE')).toBe(409);
  });
});
