import { afterEach, describe, expect, it } from 'vitest';
import { allCookies, expiryMs, getCookie, removeCookie, setCookie } from './cookies';

const day = 24 * 60 * 60 * 1000;

afterEach(() => {
  for (const name of Object.keys(allCookies())) removeCookie(name);
});

describe('cookie helper (spec 9)', () => {
  it('defaults to one day; m is 30 days and y is 360 days', () => {
    expect(expiryMs()).toBe(day);
    expect(expiryMs(3)).toBe(3 * day);
    expect(expiryMs('2d')).toBe(2 * day);
    expect(expiryMs('1m')).toBe(30 * day);
    expect(expiryMs('2m')).toBe(60 * day);
    expect(expiryMs('1y')).toBe(360 * day);
    expect(() => expiryMs('5w' as never)).toThrow();
  });

  it('writes path / and a one-day expiry by default', () => {
    let written = '';
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => '',
      set: (value: string) => {
        written = value;
      },
    });
    try {
      const now = Date.UTC(2025, 0, 1);
      setCookie('a b', 'x;y', {}, now);
      expect(written).toBe(
        `a%20b=x%3By; expires=${new Date(now + day).toUTCString()}; path=/; SameSite=Lax`,
      );
    } finally {
      Object.defineProperty(document, 'cookie', descriptor);
      delete (document as { cookie?: string }).cookie;
    }
  });

  it('reads back, encodes and removes values', () => {
    setCookie('oidc.state', '{"a":"b c;d"}');
    expect(getCookie('oidc.state')).toBe('{"a":"b c;d"}');
    expect(allCookies()).toEqual({ 'oidc.state': '{"a":"b c;d"}' });
    removeCookie('oidc.state');
    expect(getCookie('oidc.state')).toBeNull();
  });
});
