/**
 * Malformed bodies on every operation of the OpenAPI document (/api/docs/json), without signing
 * in: multipart without a boundary, an unterminated part, JSON labelled multipart, invalid JSON,
 * wrong types, an empty body, and files on routes that take none. Never a 5xx; every refusal is
 * the error envelope with a message; file parts on a route that takes none are refused.
 */
import {
  bodies,
  brief,
  check,
  isEnvelopeRefusal,
  pool,
  streamMultipart,
  type Body,
  type Fields,
} from './harness.js';
import { baseBody, operations } from './operations.js';
import type { World } from './world.js';

export async function malformedBodies(w: World): Promise<void> {
  const docs = await w.stranger().get('/api/docs/json');
  const doc = docs.json as { paths?: Record<string, Record<string, unknown>> } | undefined;
  const paths = Object.entries(doc?.paths ?? {})
    .filter(([, methods]) => 'post' in methods)
    .map(([p]) => p);
  check(
    `the OpenAPI document lists the operations (${paths.length})`,
    paths.length > 50,
    brief(docs),
  );
  const ops = new Map(operations(w.config.serviceBases).map((o) => [o.path, o]));
  const takesFiles = new Set([...ops.values()].filter((o) => o.takesFiles).map((o) => o.path));
  // File parts go with the route's own valid fields, so only the file part can be the reason
  // for a refusal.
  const fieldsOf = (path: string): Fields => {
    const op = ops.get(path);
    return op ? baseBody(op, w) : {};
  };

  const boundary = '----carolsecurity';
  const shapes: Array<[string, (path: string) => Promise<Body>]> = [
    ['multipart without boundary', async () => bodies.raw('multipart/form-data', 'server=kr')],
    [
      'multipart, unterminated part',
      async () =>
        bodies.raw(
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="server"\r\n\r\nkr\r\n--${boundary}\r\nContent-Disposition: form-data; name="country_code"\r\n\r\nk`,
        ),
    ],
    [
      'multipart, header without blank line',
      async () =>
        bodies.raw(
          `multipart/form-data; boundary=${boundary}`,
          `--${boundary}\r\nContent-Disposition: form-data; name="server"\r\nkr--${boundary}--\r\n`,
        ),
    ],
    [
      'JSON labelled multipart',
      async () =>
        bodies.raw(
          `multipart/form-data; boundary=${boundary}`,
          '{"server":"kr","country_code":"kr"}',
        ),
    ],
    ['invalid JSON', async () => bodies.raw('application/json', '{"server":"kr","country_code":')],
    ['JSON array', async () => bodies.raw('application/json', '[1,2,3]')],
    ['JSON null', async () => bodies.raw('application/json', 'null')],
    ['empty JSON body', async () => bodies.raw('application/json', '')],
    [
      'deep JSON',
      async () => bodies.raw('application/json', `${'['.repeat(5000)}${']'.repeat(5000)}`),
    ],
    [
      'wrong types',
      async () =>
        bodies.raw(
          'application/json',
          '{"server":5,"country_code":["kr"],"shop_id":{"$gt":0},"booking_id":"x","photo":"not a file","menu_ids":"a,b","email":12,"keyword":{"a":1},"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
        ),
    ],
    [
      'urlencoded garbage',
      async () =>
        bodies.raw('application/x-www-form-urlencoded', '%%%&&==&server=%E0%A4%A&country_code=kr'),
    ],
    ['unknown content type', async () => bodies.raw('application/xml', '<a/>')],
    ['no content type', async () => bodies.raw(undefined, 'server=kr')],
    [
      'a file on the route',
      async (path) =>
        bodies.multipart(fieldsOf(path), [
          {
            field: 'attachment',
            name: 'a.bin',
            type: 'application/octet-stream',
            data: Buffer.alloc(256 * 1024, 1),
          },
        ]),
    ],
    [
      'a 12 MB file on the route',
      async (path) =>
        bodies.multipart(fieldsOf(path), [
          {
            field: 'attachment',
            name: 'a.bin',
            type: 'application/octet-stream',
            data: Buffer.alloc(12 * 1024 * 1024, 1),
          },
        ]),
    ],
  ];

  const bigShapes = new Set(['a 12 MB file on the route']);
  const results = await pool(
    4,
    paths.flatMap((path) =>
      shapes
        // The 12 MB body on a handful of routes is enough to see it read or refused.
        .filter(
          ([label]) =>
            !bigShapes.has(label) ||
            /getMainBanner|change_name|add_booking|getShopDetail/.test(path),
        )
        .map(([label, make]) => async () => ({
          path,
          label,
          res: await w.stranger().post(path, await make(path), { origin: w.base }),
        })),
    ),
  );
  for (const path of paths) {
    const mine = results.filter((r) => r.path === path);
    const crashes = mine.filter((r) => r.res.status >= 500);
    check(
      `${path}: no 5xx on ${mine.length} malformed bodies`,
      crashes.length === 0,
      crashes
        .slice(0, 5)
        .map((r) => `${r.label}: ${brief(r.res)}`)
        .join('\n'),
    );
    const bare = mine.filter(
      (r) => r.res.status >= 400 && r.res.status < 500 && !isEnvelopeRefusal(r.res),
    );
    check(
      `${path}: refusals carry the error envelope with a message`,
      bare.length === 0,
      bare
        .slice(0, 3)
        .map((r) => `${r.label}: ${brief(r.res)}`)
        .join('\n'),
    );
    if (!takesFiles.has(path)) {
      const served = mine.filter((r) => /file on the route/.test(r.label) && r.res.status < 400);
      check(
        `${path}: file parts are refused on a route that takes none`,
        served.length === 0,
        served.map((r) => `${r.label}: ${brief(r.res)}`).join('\n'),
      );
    }
  }

  // Anonymous file-bearing bodies must not be read into memory (the app runs in this process,
  // and the client streams from one shared buffer: growth here is the server's).
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const floods = await Promise.all(
    Array.from({ length: 3 }, () =>
      streamMultipart(
        w.base,
        '/api/carol/banner/getMainBanner',
        { origin: w.base, 'x-forwarded-for': '10.66.66.66' },
        6,
        14 * 1024 * 1024,
      ),
    ),
  );
  clearInterval(sampler);
  const grownMb = (peak - baseline) / 1024 / 1024;
  process.stdout.write(
    `  · 3 parallel anonymous 84 MB multipart bodies to getMainBanner: peak memory +${grownMb.toFixed(0)} MB, answers ${floods.map((f) => f.status).join(', ')}\n`,
  );
  check(
    'three parallel anonymous 84 MB uploads to a route that takes no files are refused without reading them (memory +64 MB at most)',
    floods.every((f) => f.status === 0 || (f.status >= 400 && f.status < 500)) && grownMb <= 64,
    `+${grownMb.toFixed(0)} MB; ${floods.map((f) => `${f.status} ${f.text.slice(0, 120)}`).join(' | ')}`,
  );

  const prototype = ({} as Record<string, unknown>).polluted;
  check('no prototype pollution from a JSON body', prototype === undefined, String(prototype));
}
