/**
 * The cookie helper of spec section 9: default expiry 1 day, path /. An expiry is a number of
 * days or a string `<n><unit>` with unit d (days), m (30 days) or y (360 days).
 */
const dayMs = 24 * 60 * 60 * 1000;
const unitDays = { d: 1, m: 30, y: 360 } as const;

export type CookieExpiry = number | `${number}${keyof typeof unitDays}`;

export interface CookieOptions {
  expires?: CookieExpiry;
  path?: string;
  sameSite?: 'Lax' | 'Strict';
}

/** Milliseconds of an expiry: 1 → 1 day, '2m' → 60 days, '1y' → 360 days. */
export function expiryMs(expires: CookieExpiry = 1): number {
  if (typeof expires === 'number') return expires * dayMs;
  const match = /^(\d+(?:\.\d+)?)([dmy])$/.exec(expires);
  if (!match) throw new Error(`Invalid cookie expiry: ${expires}`);
  return Number(match[1]) * unitDays[match[2] as keyof typeof unitDays] * dayMs;
}

export function setCookie(
  name: string,
  value: string,
  options: CookieOptions = {},
  now = Date.now(),
): void {
  const expires = new Date(now + expiryMs(options.expires ?? 1)).toUTCString();
  const secure = typeof location !== 'undefined' && location.protocol === 'https:';
  document.cookie = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `expires=${expires}`,
    `path=${options.path ?? '/'}`,
    `SameSite=${options.sameSite ?? 'Lax'}`,
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** Every readable cookie, decoded (cookies set by others that do not decode are skipped). */
export function allCookies(): Record<string, string> {
  const result: Record<string, string> = {};
  if (typeof document === 'undefined' || !document.cookie) return result;
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    try {
      result[decodeURIComponent(part.slice(0, eq))] = decodeURIComponent(part.slice(eq + 1));
    } catch {
      // not ours
    }
  }
  return result;
}

export function getCookie(name: string): string | null {
  return allCookies()[name] ?? null;
}

export function removeCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}`;
}
