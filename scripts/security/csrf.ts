/**
 * Forged cross-site requests: the victim's cookie rides along, a foreign Origin or a browser's
 * Sec-Fetch-Site says the call comes from another site, the path is spelled every way a router
 * may decode to the same route, and the body is each type a page can send. The verdict reads
 * the victim's data afterwards: nothing may have changed, whatever the status said.
 */
import { bodies, brief, check, isSuccess, type Body, type Fields } from './harness.js';
import { buildBooking, fromNow, hours } from '../../services/server/test/factories.js';
import type { World } from './world.js';

/** Spellings of one API path that a router might match; `p` starts with the base (`/api/…`). */
export function spellingsOf(p: string): Array<[string, string]> {
  const [, base, rest] = /^\/([^/]+)(\/.*)$/.exec(p)!;
  const encodedBase = base!.replace(/^(.)/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const tail = rest!.replace(
    /\/([a-z])([^/]*)$/,
    (_, c: string, r: string) => `/%${c.charCodeAt(0).toString(16)}${r}`,
  );
  return [
    ['as written', p],
    ['percent-encoded base', `/${encodedBase}${rest}`],
    [
      'percent-encoded letter inside the base',
      `/${base!.slice(0, -1)}%${base!
        .charCodeAt(base!.length - 1)
        .toString(16)
        .toUpperCase()}${rest}`,
    ],
    ['percent-encoded last segment', `/${base}${tail}`],
    ['encoded slash', `/${base}${rest!.replace('/', '%2F')}`],
    ['trailing slash', `${p}/`],
    ['double slash before', `/${p}`],
    ['double slash inside', `/${base}/${rest}`],
    ['upper case', p.toUpperCase()],
    ['upper case base', `/${base!.toUpperCase()}${rest}`],
    ['dot segment', `/x/..${p}`],
    ['dot segment, encoded', `/x/%2e%2e${p}`],
    ['single dot', `/${base}/.${rest}`],
    ['query string', `${p}?a=1`],
    ['semicolon', `${p};x=1`],
  ];
}

const forgeries: Array<[string, Record<string, string>]> = [
  ['foreign Origin', { origin: 'https://evil.example' }],
  [
    'foreign Origin + cross-site',
    { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
  ],
  // A page on another port of the same host: same-site, so SameSite=Lax sends the cookie.
  [
    'same host other port + same-site',
    { origin: 'http://127.0.0.1:1', 'sec-fetch-site': 'same-site' },
  ],
  ['Origin null', { origin: 'null' }],
  ['cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
  ['same-site without Origin', { 'sec-fetch-site': 'same-site' }],
];

async function bodyOf(kind: string, fields: Fields): Promise<Body> {
  switch (kind) {
    case 'json':
      return bodies.json(fields);
    case 'urlencoded':
      return bodies.urlencoded(fields);
    case 'multipart':
      return bodies.multipart(fields);
    default:
      // A form with enctype text/plain writes `name=value` lines; JSON in text/plain is the other trick.
      return bodies.text(JSON.stringify({ server: 'kr', country_code: 'kr', ...fields }));
  }
}
const bodyKinds = ['json', 'urlencoded', 'multipart', 'text/plain'];

export async function forgedCrossSite(w: World): Promise<void> {
  const { alice } = w;
  const c = alice.client;
  const own = { origin: w.base, 'sec-fetch-site': 'same-origin' };
  let target = alice.csrfBookingId;
  let extraDays = 0;
  const nameOf = async () => {
    const res = await c.call('/api/carol/account/get_user_info', {}, own);
    const user = (res.json?.user ?? res.json) as Record<string, unknown>;
    return `${String(user.family_name)} ${String(user.given_name)}`;
  };
  const statusOf = async (bookingId: number) => {
    const res = await c.call(
      '/shop-api/carol/booking/get_user_booking_detail',
      { booking_id: bookingId },
      own,
    );
    const b = (res.json?.detail ?? res.json) as Record<string, unknown>;
    return String(b.status);
  };

  const targets: Array<{
    label: string;
    path: string;
    fields: (n: number) => Fields;
    state: () => Promise<string>;
    /** Puts the target back after a forged request got through. */
    reset: () => Promise<void>;
  }> = [
    {
      label: 'change_name',
      path: '/api/carol/account/change_name',
      fields: (n) => ({ family_name: 'Forged', given_name: `F${n}` }),
      state: nameOf,
      reset: async () => {
        await c.call(
          '/api/carol/account/change_name',
          { family_name: 'Kim', given_name: 'Alice' },
          own,
        );
      },
    },
    {
      label: 'cancel_user_booking',
      path: '/shop-api/carol/booking/cancel_user_booking',
      fields: () => ({ booking_id: target }),
      state: () => statusOf(target),
      reset: async () => {
        // A cancelled booking stays cancelled: give Alice a new one to aim at.
        const row = await buildBooking(w.database.db, {
          memberId: alice.id,
          shopId: w.shopId,
          designerId: w.designerIds[1]!,
          startsAt: fromNow(hours(24 * (10 + ++extraDays))),
        });
        target = row.id;
      },
    },
  ];

  let n = 0;
  for (const t of targets) {
    for (const [spelling, path] of spellingsOf(t.path)) {
      const before = await t.state();
      const served: string[] = [];
      for (const [forgery, headers] of forgeries) {
        for (const kind of bodyKinds) {
          const res = await c.post(path, await bodyOf(kind, t.fields(++n)), headers);
          if (res.status < 400 || isSuccess(res))
            served.push(`${forgery} / ${kind}: ${brief(res)}`);
        }
      }
      const after = await t.state();
      check(
        `forged ${t.label} via ${spelling} (${path}) is never served and changes nothing`,
        served.length === 0 && after === before,
        `state ${before} → ${after}\n${served.slice(0, 4).join('\n')}${served.length > 4 ? `\n… ${served.length} served` : ''}`,
      );
      if (after !== before) await t.reset();
    }
  }

  // Controls: the same calls from the app's own origin are served, so the refusals above are
  // the origin check and not a broken request. (change_name only: the cancel would end the target.)
  const before = await nameOf();
  for (const kind of ['json', 'urlencoded', 'multipart']) {
    const res = await c.post(
      '/api/carol/account/change_name',
      await bodyOf(kind, { family_name: 'Kim', given_name: `Alice${kind.length}` }),
      own,
    );
    check(`same-origin change_name as ${kind} is served (control)`, isSuccess(res), brief(res));
  }
  // Put the name back as it was (the snapshot at the end compares it).
  const [family, given] = before.split(' ');
  await c.call('/api/carol/account/change_name', { family_name: family!, given_name: given! }, own);

  // Sign-in CSRF (logging the victim into the attacker's account) is a forged request too.
  const login = await w
    .stranger()
    .call(
      '/api/userapi/login/login',
      { email: w.bob.email, password: 'Carol-2024!' },
      { origin: 'https://evil.example' },
    );
  check(
    'a cross-site sign-in form is refused and sets no cookie',
    !isSuccess(login) && login.headers['set-cookie'] === undefined,
    brief(login),
  );
}
