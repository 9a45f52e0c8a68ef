/**
 * Cross-member access: every member-only operation refuses a stranger (and a made-up cookie);
 * console operations refuse a member's cookie; member B can neither read nor change anything of
 * member A's (bookings, reviews, favourites, gallery photos and their /media/ URLs, account,
 * consents, sessions). State is compared before and after, not only status codes.
 */
import { defaultBasePaths, bookingIcsPath } from '@carol/contracts';
import { bodies, brief, check, Client, isSuccess, pool, show } from './harness.js';
import { baseBody, operations } from './operations.js';
import { jpeg, snapshotOf, type World } from './world.js';

const same = (c: Client) => ({ origin: c.base, 'sec-fetch-site': 'same-origin' });

/** One real JPEG part per file field of the operation. */
const photoParts = (fields: readonly string[], data: Buffer) =>
  fields.map((field) => ({ field, name: `${field}.jpg`, type: 'image/jpeg', data }));

export async function crossMemberAccess(w: World): Promise<void> {
  const { alice, bob } = w;
  const before = await snapshotOf(alice);

  // 1. Every member-only operation refuses a stranger and a made-up session cookie.
  const ops = operations(w.config.serviceBases);
  const memberOps = ops.filter((o) => o.access === 'member');
  const photo = await jpeg(64, 64);
  const forged = new Client(w.base, 'forged');
  forged.cookies.set('__Host-carol_sid', 'A'.repeat(43));
  forged.cookies.set('carol_sid', 'A'.repeat(43));
  const anonymous = await pool(
    4,
    memberOps.flatMap((op) =>
      [w.stranger(), forged].map((c) => async () => {
        // Upload routes get a real photo part, so only the session decides.
        const res = op.takesFiles
          ? await c.post(
              op.path,
              await bodies.multipart(baseBody(op, w), photoParts(op.fileFields, photo)),
              same(c),
            )
          : await c.call(op.path, baseBody(op, w), same(c));
        return { path: op.path, who: c.name, res };
      }),
    ),
  );
  for (const { path, who, res } of anonymous) {
    check(
      `${who} is refused on member-only ${path}`,
      // 401 (connect's id_token is checked as a field first, also a 401 and nothing done).
      res.status === 401 && !isSuccess(res),
      brief(res),
    );
  }

  // 2. Console operations never take a member's cookie.
  for (const op of ops.filter((x) => x.access === 'console')) {
    // Upload routes (console records: file, poster, images) get real photo parts.
    const res = op.takesFiles
      ? await alice.client.post(
          op.path,
          await bodies.multipart(baseBody(op, w), photoParts(op.fileFields, photo)),
          same(alice.client),
        )
      : await alice.client.call(op.path, baseBody(op, w), same(alice.client));
    check(`a member cookie is refused on console ${op.path}`, res.status === 401, brief(res));
  }

  // 3. Bob on Alice's ids: every member operation that takes an id of hers.
  const attacks: Array<[string, Record<string, unknown>]> = [
    ['/shop-api/carol/booking/get_user_booking_detail', { booking_id: alice.bookingId }],
    ['/shop-api/carol/booking/cancel_user_booking', { booking_id: alice.bookingId }],
    ['/shop-api/carol/booking/delete_user_booking', { booking_id: alice.visitedBookingId }],
    ['/shop-api/carol/booking/delete_user_booking', { booking_id: alice.reviewedBookingId }],
    [
      '/shop-api/carol/booking/set_user_booking_status',
      { booking_id: alice.bookingId, status: 'visited' },
    ],
    [
      '/shop-api/carol/booking/add_review',
      { booking_id: alice.visitedBookingId, rating: 1, body: 'bob was here' },
    ],
    ['/shop-api/carol/mygallery/deletes_from_my_gallery', { media_ids: [alice.galleryMediaId] }],
    ['/api/carol/account/disconnect', { identity_id: 1 }],
  ];
  for (const [path, fields] of attacks) {
    const res = await bob.client.call(path, fields as never, same(bob.client));
    check(
      `bob cannot use alice's id on ${path} ${show(fields)}`,
      !isSuccess(res) && res.status >= 400 && res.status < 500,
      brief(res),
    );
    check(
      `bob's answer on ${path} leaks nothing of alice's`,
      !res.text.includes('alice private note') &&
        !res.text.includes('김앨리스') &&
        !res.text.includes(alice.email),
      brief(res),
    );
  }
  const ics = await bob.client.get(
    `${defaultBasePaths.shop}${bookingIcsPath}?booking_id=${alice.bookingId}`,
  );
  check(`bob cannot download alice's booking calendar file`, ics.status === 404, brief(ics));
  const aliceIcs = await alice.client.get(
    `${defaultBasePaths.shop}${bookingIcsPath}?booking_id=${alice.bookingId}`,
  );
  check(
    `alice downloads her own calendar file (control)`,
    aliceIcs.status === 200,
    brief(aliceIcs),
  );

  // Bob's own views show nothing of hers.
  for (const path of [
    '/api/carol/account/get_user_info',
    '/api/carol/account/get_consents',
    '/shop-api/carol/booking/get_user_profile',
    '/shop-api/carol/mygallery/get_my_gallery_list',
    '/api/carol/mypage/getShopFavoriteList',
    '/api/carol/mypage/get_mypage_summary',
  ]) {
    const res = await bob.client.call(path, {}, same(bob.client));
    check(
      `bob's ${path} shows only his own data`,
      isSuccess(res) &&
        !res.text.includes(alice.email) &&
        !res.text.includes(alice.galleryUrl) &&
        !res.text.includes('alice memo'),
      brief(res),
    );
  }
  for (const type of ['reserved', 'visited', 'cancelled']) {
    const res = await bob.client.call(
      '/shop-api/carol/booking/get_user_booking_list',
      { type },
      same(bob.client),
    );
    check(
      `bob's ${type} booking list holds none of alice's bookings`,
      isSuccess(res) && !res.text.includes('김앨리스'),
      brief(res),
    );
  }

  // 4. Gallery photos under /media/: only their owner, in every spelling and variant.
  const galleryPaths = [alice.galleryUrl, alice.galleryThumbUrl];
  const spellings = (p: string) => [
    p,
    `${p}?w=160`,
    `${p}?w=320`,
    `${p}?w=960`,
    p.replace('/media/', '/media//'),
    p.replace('/media/gallery/', '/media/./gallery/'),
    p.replace('/media/gallery/', '/media/x/../gallery/'),
    p.replace('/media/gallery/', '/media/%67allery/'),
    p.replace('/media/gallery/', '/media/gallery%2F').replace(/\/([^/]+)$/, '%2F$1'),
    p.replace('/media/', '/MEDIA/'),
    `${p}/`,
  ];
  for (const url of galleryPaths) {
    const own = await alice.client.get(url);
    check(`alice sees her own gallery photo ${url} (control)`, own.status === 200, brief(own));
    for (const spelled of spellings(url)) {
      for (const who of [w.stranger(), bob.client]) {
        const res = await who.get(spelled);
        check(
          `${who.name} cannot fetch alice's gallery photo as ${spelled}`,
          res.status !== 200 && !isImage(res.bytes),
          `${res.status} ${String(res.headers['content-type'] ?? '')} ${res.bytes.length} B`,
        );
      }
    }
    const cached = await alice.client.get(url);
    check(
      `alice's gallery photo is not in a shared cache (private)`,
      /private/.test(String(cached.headers['cache-control'] ?? '')),
      String(cached.headers['cache-control']),
    );
  }
  // A public review photo stays public (control that /media/ works at all).
  const publicPhoto = await w.stranger().get(alice.reviewPhotoUrl);
  check('a review photo is public (control)', publicPhoto.status === 200, brief(publicPhoto));

  // 5. Sessions: Bob signing out ends only his session; a stolen-looking cookie gets nothing.
  const second = new Client(w.base, 'bob-2', bob.client.address);
  const login = await second.call('/api/userapi/login/login', {
    email: bob.email,
    password: 'Carol-2024!',
  });
  const out = await second.call('/api/carol/account/logout', {}, same(second));
  const stillIn = await bob.client.call('/api/carol/account/get_user_info', {}, same(bob.client));
  check(
    `signing out one session leaves the member's others (and alice's) alone`,
    isSuccess(login) && isSuccess(out) && isSuccess(stillIn),
    `${brief(login)} / ${brief(out)} / ${brief(stillIn)}`,
  );
  const replay = await second.call('/api/carol/account/get_user_info', {}, same(second));
  check('a signed-out session cookie is dead', replay.status === 401, brief(replay));

  const after = await snapshotOf(alice);
  const changed = Object.keys(before).filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  check(
    `alice's data is unchanged after bob's and strangers' attempts`,
    changed.length === 0,
    changed.map((k) => `${k}: ${show(before[k], 200)} → ${show(after[k], 200)}`).join('\n'),
  );
}

function isImage(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 12).toString('latin1');
  return (
    head.startsWith('RIFF') ||
    head.startsWith('\xff\xd8') ||
    head.includes('ftyp') ||
    head.startsWith('\x89PNG')
  );
}
