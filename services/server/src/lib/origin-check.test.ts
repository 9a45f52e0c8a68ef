import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createOriginCheck } from './origin-check.js';

const check = createOriginCheck(['https://carol.example.com']);

function request(
  method: string,
  headers: Record<string, string>,
  url = '/api/carol/x',
): FastifyRequest {
  return {
    method,
    url,
    headers: { host: 'api.carol.example.com', ...headers },
    protocol: 'https',
  } as unknown as FastifyRequest;
}

describe('origin check', () => {
  it('lets safe methods through whatever their origin', () => {
    expect(() => check(request('GET', { origin: 'https://evil.example' }))).not.toThrow();
  });
  it('accepts the configured app origin and the server own origin', () => {
    expect(() =>
      check(
        request('POST', { origin: 'https://carol.example.com', 'sec-fetch-site': 'same-site' }),
      ),
    ).not.toThrow();
    expect(() => check(request('POST', { origin: 'https://api.carol.example.com' }))).not.toThrow();
  });
  it('refuses other origins, the null origin and cross-site fetches without an origin', () => {
    expect(() => check(request('POST', { origin: 'https://evil.example' }))).toThrow(
      'ORIGIN_REJECTED',
    );
    expect(() => check(request('POST', { origin: 'null' }))).toThrow('ORIGIN_REJECTED');
    expect(() => check(request('POST', { 'sec-fetch-site': 'cross-site' }))).toThrow(
      'ORIGIN_REJECTED',
    );
  });
  it('lets non-browser clients (no Origin, no Sec-Fetch-Site) through', () => {
    expect(() => check(request('POST', {}))).not.toThrow();
  });
  it('never looks at the path: any spelling of any path is checked (console: by route, app.ts)', () => {
    for (const url of ['/%61pi/carol/x', '/shop-%61pi/carol/x', '//api/x', '/shop-api/console/x'])
      expect(() => check(request('POST', { origin: 'https://evil.example' }, url))).toThrow(
        'ORIGIN_REJECTED',
      );
  });
});
