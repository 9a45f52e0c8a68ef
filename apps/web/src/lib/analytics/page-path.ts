/**
 * The path a page view reports (ADR 030): the route's path without query string or fragment,
 * with the segments that carry an e-mail address, a phone number or a one-time token replaced
 * by a placeholder. Nothing that identifies a member leaves the browser.
 */
const sensitiveRoutes: ReadonlyArray<readonly [RegExp, string]> = [
  [/^\/login\/registeruserbyemail\/[^/]+/i, '/login/registeruserbyemail/:email'],
  [/^\/login\/resetpassword\/[^/]+/i, '/login/resetpassword/:email'],
  [/^\/login\/registeruserafteremail\/[^/]+/i, '/login/registeruserafteremail/:token'],
  [/^\/login\/findpasswordafteremail\/[^/]+/i, '/login/findpasswordafteremail/:token'],
  [
    /^\/mypage\/setting\/changeemailsendafter\/[^/]+\/[^/]+/i,
    '/mypage/setting/changeemailsendafter/:country/:token',
  ],
];

/** A segment that looks like an e-mail address, a phone number or a long opaque token. */
function redactSegment(segment: string): string {
  if (segment.includes('@') || /%40/i.test(segment)) return ':email';
  if (/^\+?[\d-]{9,}$/.test(segment)) return ':phone';
  if (segment.length >= 24 && /^[A-Za-z0-9_.~%-]+$/.test(segment) && /\d/.test(segment)) {
    return ':token';
  }
  return segment;
}

export function pagePath(path: string): string {
  let clean = path.split(/[?#]/, 1)[0] ?? '';
  if (!clean.startsWith('/')) clean = `/${clean}`;
  for (const [pattern, replacement] of sensitiveRoutes) {
    if (pattern.test(clean)) {
      clean = clean.replace(pattern, replacement);
      break;
    }
  }
  return clean
    .split('/')
    .map((segment) => (segment.startsWith(':') ? segment : redactSegment(segment)))
    .join('/');
}

/** A URL reduced to origin and reported path (for page_location and page_referrer). */
export function pageUrl(href: string, base?: string): string {
  try {
    const url = new URL(href, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return `${url.origin}${pagePath(url.pathname)}`;
  } catch {
    return '';
  }
}
