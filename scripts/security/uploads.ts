/**
 * Upload fuzz on every route that takes files (gallery save, review photos, the console records'
 * visit media and scalp images, the ML image calls when that base is mounted): truncated, zero-byte, wrong type, polyglots, a decompression bomb,
 * oversize, too many files; and what is stored carries no EXIF (no GPS position).
 */
import sharp from 'sharp';
import {
  buildBooking,
  buildConsoleKey,
  fromNow,
  hours,
} from '../../services/server/test/factories.js';
import { pngHeader } from '../../services/ml/test/multipart.js';
import { bodies, brief, check, isEnvelopeRefusal, isSuccess, type FilePart } from './harness.js';
import { jpeg, type Member, type World } from './world.js';

/** A few hundred bytes of PNG that claim `size`×`size` pixels (10.8 GB of pixels at 60,000). */
const pngBomb = (size = 60_000): Buffer => pngHeader(size, size);

async function gpsJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecurityCam', Artist: 'Home of the member' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 5940/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 4680/100',
      },
    })
    .toBuffer();
}

interface Case {
  label: string;
  file: () => Promise<FilePart[]>;
  /** Must be refused (a 4xx with a message); otherwise anything but a 5xx and a clean store. */
  refuse: boolean;
  /** Bytes that must not survive into what is stored. */
  forbidden?: Buffer[];
}

export async function uploadFuzz(w: World): Promise<void> {
  const photo = await jpeg(640, 480);
  const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
  const zipTail = Buffer.concat([
    Buffer.from('504b0304140000000000', 'hex'),
    Buffer.from('evil.txt: PK polyglot payload'),
    Buffer.from('504b0506000000000000000000000000000000000000', 'hex'),
  ]);
  const one =
    (data: Buffer, type = 'image/jpeg', name = 'photo.jpg') =>
    async () => [{ field: '', name, type, data }];
  const cases: Case[] = [
    {
      label: 'truncated JPEG',
      file: one(photo.subarray(0, Math.floor(photo.length / 3))),
      refuse: false,
    },
    { label: 'zero-byte file', file: one(Buffer.alloc(0)), refuse: true },
    { label: 'text as image/jpeg', file: one(Buffer.from('hello, not an image')), refuse: true },
    { label: 'HTML as image/png', file: one(html, 'image/png', 'x.png'), refuse: true },
    {
      label: 'SVG with script',
      file: one(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        'image/svg+xml',
        'x.svg',
      ),
      refuse: true,
    },
    {
      label: 'PDF',
      file: one(Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF'), 'application/pdf', 'x.pdf'),
      refuse: true,
    },
    {
      label: 'JPEG+HTML polyglot',
      file: one(Buffer.concat([photo, html]), 'image/jpeg', 'p.jpg'),
      refuse: false,
      forbidden: [Buffer.from('<script>')],
    },
    {
      label: 'JPEG+zip polyglot',
      file: one(Buffer.concat([photo, zipTail]), 'image/jpeg', 'z.jpg'),
      refuse: false,
      forbidden: [Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('polyglot payload')],
    },
    {
      label: 'PNG decompression bomb (60000×60000)',
      file: one(pngBomb(), 'image/png', 'bomb.png'),
      refuse: true,
    },
    {
      label: 'oversize file (16 MB)',
      file: one(Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024)]), 'image/jpeg', 'big.jpg'),
      refuse: true,
    },
    {
      label: 'JPEG with GPS EXIF',
      file: async () => [{ field: '', name: 'gps.jpg', type: 'image/jpeg', data: await gpsJpeg() }],
      refuse: false,
      forbidden: [
        Buffer.from('SecurityCam'),
        Buffer.from('Home of the member'),
        Buffer.from('Exif\u0000\u0000', 'latin1'),
      ],
    },
  ];
  const gps = await gpsJpeg();
  const meta = await sharp(gps).metadata();
  check('the GPS test photo really carries EXIF (control)', meta.exif !== undefined, 'no exif');

  // Each route's uploader is a member of its own (the save and review limits count per member).
  const saver = await w.member('uploader');
  let pastBookings = 0;
  const visited = async (m: Member) =>
    (
      await buildBooking(w.database.db, {
        memberId: m.id,
        shopId: w.shopId,
        designerId: w.designerIds[1]!,
        startsAt: fromNow(hours(-100 - 2 * ++pastBookings)),
        status: 'visited',
      })
    ).id;

  const routes: Array<{
    label: string;
    send: (files: FilePart[]) => ReturnType<Member['client']['post']>;
    storedUrls: (json: Record<string, unknown>) => string[];
    fetcher: Member['client'] | undefined;
    /** Headers the stored files are fetched with (a console key for the salon's records). */
    fetchHeaders?: Record<string, string>;
  }> = [
    {
      label: 'save_to_my_gallery',
      send: async (files) =>
        saver.client.post(
          '/shop-api/carol/mygallery/save_to_my_gallery',
          await bodies.multipart(
            {},
            files.map((f) => ({ ...f, field: 'photo' })),
          ),
          { origin: w.base },
        ),
      storedUrls: (j) => {
        const item = j.item as { url?: string; thumb_url?: string } | undefined;
        return [item?.url, item?.thumb_url].filter((u): u is string => !!u);
      },
      fetcher: saver.client,
    },
    {
      label: 'add_review photos',
      // The review limit (10 a minute per member): each attempt is a reviewer of its own.
      send: async (files) => {
        const reviewer = await w.member('reviewer');
        return reviewer.client.post(
          '/shop-api/carol/booking/add_review',
          await bodies.multipart(
            { booking_id: await visited(reviewer), rating: 4, body: 'fuzz' },
            files.map((f) => ({ ...f, field: 'photos' })),
          ),
          { origin: w.base },
        );
      },
      storedUrls: (j) =>
        (
          (j.review as { photos?: Array<{ url: string; thumb_url: string | null }> } | undefined)
            ?.photos ?? []
        )
          .flatMap((p) => [p.url, p.thumb_url ?? ''])
          .filter(Boolean),
      fetcher: undefined,
    },
  ];
  // The salon's records: a visit's `file` and a diagnosis' `images`, sent with the
  // shop's console key; the stored files are private and read back with the same key.
  if (w.config.serviceBases.includes('shop')) {
    const key = await buildConsoleKey(w.database.db, w.shopId);
    const consoleAuth = { authorization: `Bearer ${key}` };
    const visit = await w
      .stranger()
      .call(
        '/shop-api/console/records/add_visit',
        { phone: '010-0000-0001', visited_at: new Date().toISOString() },
        consoleAuth,
      );
    const visitId = (visit.json?.visit as { visit_id?: number } | undefined)?.visit_id;
    check(
      'the console records a visit to upload to (control)',
      visitId !== undefined,
      brief(visit),
    );
    routes.push(
      {
        label: 'console add_visit_media',
        send: async (files) =>
          w.stranger().post(
            '/shop-api/console/records/add_visit_media',
            await bodies.multipart(
              { visit_id: visitId ?? 0 },
              files.map((f) => ({ ...f, field: 'file' })),
            ),
            consoleAuth,
          ),
        storedUrls: (j) => {
          const media = j.media as { url?: string; thumb_url?: string } | undefined;
          return [media?.url, media?.thumb_url].filter((u): u is string => !!u);
        },
        fetcher: w.stranger(),
        fetchHeaders: consoleAuth,
      },
      {
        label: 'console add_diagnosis images',
        send: async (files) =>
          w.stranger().post(
            '/shop-api/console/records/add_diagnosis',
            await bodies.multipart(
              {
                phone: '010-0000-0001',
                diagnosed_at: new Date().toISOString(),
                measures: JSON.stringify([
                  { key: 'sebum', value: 30, unit: '%', normal_min: 20, normal_max: 40 },
                ]),
              },
              files.map((f) => ({ ...f, field: 'images' })),
            ),
            consoleAuth,
          ),
        storedUrls: (j) =>
          (
            (j.diagnosis as { images?: Array<{ url: string; thumb_url: string }> } | undefined)
              ?.images ?? []
          ).flatMap((i) => [i.url, i.thumb_url]),
        fetcher: w.stranger(),
        fetchHeaders: consoleAuth,
      },
    );
  }
  if (w.config.serviceBases.includes('ml')) {
    for (const path of [
      '/ml-api/face-landmark/predict/v1',
      '/ml-api/hair-mask/predict/v1',
      '/ml-api/bald/predict/v3',
    ]) {
      routes.push({
        label: path,
        send: async (files) =>
          w.stranger().post(
            path,
            await bodies.multipart(
              {},
              files.map((f) => ({ ...f, field: 'photo' })),
            ),
            {
              origin: w.base,
            },
          ),
        storedUrls: () => [],
        fetcher: undefined,
      });
    }
  }

  for (const route of routes) {
    const isMl = route.label.startsWith('/ml-api');
    for (const c of cases) {
      // A valid photo on an ML route runs a model (seconds on this machine): not a parsing test.
      if (isMl && !c.refuse && c.label !== 'truncated JPEG') continue;
      const files = await c.file();
      const started = performance.now();
      const res = await route.send(files);
      const ms = performance.now() - started;
      const name = `${route.label}: ${c.label}`;
      check(
        `${name} → no 5xx (${Math.round(ms)} ms)`,
        res.status > 0 && res.status < 500,
        brief(res),
      );
      if (c.refuse) {
        check(`${name} is refused with a localized message`, isEnvelopeRefusal(res), brief(res));
      } else if (c.label === 'JPEG with GPS EXIF' || (isSuccess(res) && res.json)) {
        const urls = res.json && isSuccess(res) ? route.storedUrls(res.json) : [];
        if (!isMl)
          check(`${name}: accepted, and the stored files are found`, urls.length > 0, brief(res));
        for (const url of urls) {
          const stored = await (route.fetcher ?? w.stranger()).send(
            'GET',
            url,
            undefined,
            route.fetchHeaders ?? {},
          );
          const m =
            stored.status === 200
              ? await sharp(stored.bytes)
                  .metadata()
                  .catch(() => undefined)
              : undefined;
          check(
            `${name}: the stored ${url} is a clean re-encoded image`,
            !!m && m.exif === undefined,
            `${stored.status} exif=${m?.exif?.length ?? 'none'}`,
          );
          const leaked = (c.forbidden ?? []).filter((f) => stored.bytes.includes(f));
          check(
            `${name}: nothing of the upload's extra bytes or metadata survives in ${url}`,
            leaked.length === 0,
            leaked.map(String).join(', '),
          );
        }
      }
    }
    if (!isMl) {
      // Too many files at once.
      const many = await Promise.all(
        Array.from({ length: 12 }, async () => ({
          field: '',
          name: 'm.jpg',
          type: 'image/jpeg',
          data: await jpeg(64, 64),
        })),
      );
      const res = await route.send(many);
      check(
        `${route.label}: 12 files in one request are refused with a message`,
        isEnvelopeRefusal(res),
        brief(res),
      );
    }
  }
}
