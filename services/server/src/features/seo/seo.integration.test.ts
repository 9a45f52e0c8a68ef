import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import {
  cataloguePhotos,
  catalogueStyles,
  catalogueTypes,
  shopImages,
} from '../../db/schema/index.js';
import { buildDesigner, buildShop } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { inlineScriptHashesOf } from '../../lib/inline-scripts.js';

/*
 * ADR 028 on a real app serving a small web build: link previews in the raw HTML of the salon,
 * designer and style pages, robots.txt and sitemap.xml, and compression by Accept-Encoding.
 */

const indexHtml = `<!doctype html>
<html lang="ko" data-server="kr">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Carol generic description"
    />
    <title>Carol</title>
    <script>
      window.__boot = 1;
    </script>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" crossorigin src="/assets/app-abc123.js"></script>
  </body>
</html>
${'<!-- padding so the page is worth compressing -->\n'.repeat(40)}`;
const appJs = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i % 37}`))};\n`;
const trickyName = `Salon "<b>&Co</b>" <script>alert(1)</script>`;

let t: TestApp;
let dist: string;
const ids: Record<string, number> = {};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'carol-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  const write = (name: string, body: string) => {
    writeFileSync(join(dist, name), body);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(body));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(body));
  };
  write('index.html', indexHtml);
  write('assets/app-abc123.js', appJs);
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  t = await createTestApp({
    SERVE_WEB: 'true',
    WEB_DIST_DIR: dist,
    APP_BASE_URL: 'https://carol.example',
  });
  const db = t.database.db;
  const raon = await buildShop(db, {
    name: trickyName,
    regionCity: '서울특별시',
    regionDistrict: '강남구',
    ratingAvg: 4.56,
    reviewCount: 12,
    minPrice: 25_000,
  });
  ids.raon = raon.id;
  await db.insert(shopImages).values([
    { shopId: raon.id, url: '/media/shops/raon-2.jpg', sort: 2 },
    { shopId: raon.id, url: '/media/shops/raon-1.jpg', sort: 1 },
  ]);
  const ginza = await buildShop(db, { server: 'jp', name: 'ヘアサロン 銀座' });
  ids.ginza = ginza.id;
  const designer = await buildDesigner(db, raon.id, { name: '박보니', position: '원장' });
  ids.designer = designer.id;
  const gone = await buildDesigner(db, raon.id, { name: '퇴사자', isActive: false });
  ids.gone = gone.id;

  const [type] = await db
    .insert(catalogueTypes)
    .values({
      gender: 'w',
      length: 'short',
      code: 'short-cut',
      nameKo: '숏 컷',
      nameEn: 'Short cut',
      nameJa: 'ショートカット',
    })
    .returning();
  const [style] = await db
    .insert(catalogueStyles)
    .values({
      typeId: type!.id,
      code: 'pixie',
      nameKo: '픽시 컷',
      nameEn: 'Pixie',
      nameJa: 'ピクシー',
    })
    .returning();
  ids.type = type!.id;
  ids.style = style!.id;
  await db.insert(cataloguePhotos).values([
    {
      server: 'kr',
      styleId: style!.id,
      gender: 'w',
      length: 'short',
      title: '픽시',
      imageUrl: '/media/catalogue/pixie-kr.jpg',
      likeCount: 5,
    },
    {
      server: 'jp',
      styleId: style!.id,
      gender: 'w',
      length: 'short',
      title: 'ピクシー',
      imageUrl: '/media/catalogue/pixie-jp.jpg',
      likeCount: 3,
    },
  ]);
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** The body as the client reads it, whatever the Content-Encoding. */
function bodyOf(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.body;
}

function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

function jsonLdOf(html: string): Record<string, unknown> | undefined {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, unknown>) : undefined;
}

function expectGenericPage(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const html = bodyOf(res);
  expect(html).toContain('<title>Carol</title>');
  expect(html).toContain('Carol generic description');
  expect(html).not.toContain('og:title');
}

describe('salon page link preview', () => {
  it('writes the title, description, Open Graph, Twitter and canonical tags into the raw HTML', async () => {
    const res = await get(`/find/saloninfo/${ids.raon}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    const escapedName =
      'Salon &quot;&lt;b&gt;&amp;Co&lt;/b&gt;&quot; &lt;script&gt;alert(1)&lt;/script&gt;';
    expect(html).toContain(`<title>${escapedName} · 서울특별시 강남구 헤어살롱</title>`);
    expect(metaContent(html, 'og:title')).toBe(`${escapedName} · 서울특별시 강남구 헤어살롱`);
    expect(metaContent(html, 'description')).toMatch(
      /^평점 4\.6 · 리뷰 12개\. 서울특별시 강남구의/,
    );
    expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
    const url = `https://carol.example/find/saloninfo/${ids.raon}`;
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContent(html, 'og:image')).toBe('https://carol.example/media/shops/raon-1.jpg');
    expect(metaContent(html, 'og:type')).toBe('business.business');
    expect(metaContent(html, 'og:site_name')).toBe('Carol');
    expect(metaContent(html, 'og:locale')).toBe('ko_KR');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:title')).toBe(metaContent(html, 'og:title'));
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    // The generic head is replaced, not duplicated; the app's own tags stay.
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('Carol generic description');
    expect(html).toContain('<script type="module" crossorigin src="/assets/app-abc123.js">');
    // Nothing of the name reaches the page unescaped.
    expect(html).not.toContain('<b>');
    expect(html).not.toContain('<script>alert');
  });

  it('describes the salon as a schema.org HairSalon with `<` escaped inside the JSON-LD', async () => {
    const html = (await get(`/find/saloninfo/${ids.raon}`)).body;
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toMatch(/[<>]/);
    expect(block).toContain('\\u003cscript\\u003e');
    expect(jsonLdOf(html)).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'HairSalon',
      name: trickyName,
      url: `https://carol.example/find/saloninfo/${ids.raon}`,
      image: [
        'https://carol.example/media/shops/raon-1.jpg',
        'https://carol.example/media/shops/raon-2.jpg',
      ],
      address: {
        '@type': 'PostalAddress',
        addressLocality: '강남구',
        addressRegion: '서울특별시',
        addressCountry: 'KR',
      },
      geo: { '@type': 'GeoCoordinates' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4.56, reviewCount: 12 },
      priceRange: '₩25,000~',
    });
  });

  it('the data block adds no CSP hash: only the boot script is allowed to run', () => {
    const page = `<head><script>boot()</script><script type="application/ld+json">{"a":1}</script></head>`;
    expect(inlineScriptHashesOf(page)).toHaveLength(1);
    expect(inlineScriptHashesOf(page)).toEqual(inlineScriptHashesOf('<script>boot()</script>'));
  });

  it('keeps the CSP that lets the boot script run on a preview page', async () => {
    const res = await get(`/find/saloninfo/${ids.raon}`);
    const [bootHash] = inlineScriptHashesOf(indexHtml);
    expect(res.headers['content-security-policy']).toContain(bootHash);
  });

  it('writes a Japanese salon in Japanese', async () => {
    const html = (await get(`/find/saloninfo/${ids.ginza}`)).body;
    expect(html).toMatch(/<html lang="ja"/);
    expect(metaContent(html, 'og:locale')).toBe('ja_JP');
    expect(metaContent(html, 'og:title')).toBe('ヘアサロン 銀座・東京都渋谷区のヘアサロン');
    expect(metaContent(html, 'description')).toBe(
      '東京都渋谷区のヘアサロン「ヘアサロン 銀座」。メニューと料金、スタイル写真を見てCarolでそのまま予約できます。',
    );
    // No photo: a small card, no image tags; no reviews: no rating.
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'og:image')).toBeUndefined();
    expect(jsonLdOf(html)).not.toHaveProperty('aggregateRating');
    expect(jsonLdOf(html)).toMatchObject({ address: { addressCountry: 'JP' } });
  });

  it("gives the salon's tabs the salon's preview", async () => {
    const html = (await get(`/find/saloninfo/${ids.raon}/menu`)).body;
    expect(metaContent(html, 'og:url')).toBe(`https://carol.example/find/saloninfo/${ids.raon}`);
  });

  it('answers the generic page for an unknown, a non-numeric or an absurd id', async () => {
    for (const id of ['999999999', 'abc', '12abc', '0', '-1', '9'.repeat(30), '%3Cscript%3E']) {
      expectGenericPage(await get(`/find/saloninfo/${id}`));
    }
    expectGenericPage(await get('/find/designerinfo/999999999'));
    expectGenericPage(await get('/find/designerinfo/x'));
  });
});

describe('designer and style page link previews', () => {
  it("writes the designer's name and salon", async () => {
    const html = (await get(`/find/designerinfo/${ids.designer}`)).body;
    expect(metaContent(html, 'og:title')).toMatch(/^박보니 원장 · Salon &quot;/);
    expect(metaContent(html, 'og:type')).toBe('profile');
    expect(metaContent(html, 'og:url')).toBe(
      `https://carol.example/find/designerinfo/${ids.designer}`,
    );
  });

  it('gives a designer who left the generic page', async () => {
    expectGenericPage(await get(`/find/designerinfo/${ids.gone}`));
  });

  it("names the style in the reader's language with a photo of their market", async () => {
    const path = `/stylebook/style/w/${ids.type}/${ids.style}/0`;
    const ko = await get(path);
    expect(metaContent(ko.body, 'og:title')).toBe('픽시 컷 헤어스타일');
    expect(metaContent(ko.body, 'og:image')).toBe(
      'https://carol.example/media/catalogue/pixie-kr.jpg',
    );
    expect(ko.headers['vary']).toMatch(/accept-language/);
    const ja = await get(path, { 'accept-language': 'ja-JP,ja;q=0.9' });
    expect(metaContent(ja.body, 'og:title')).toBe('ピクシーのヘアスタイル');
    expect(metaContent(ja.body, 'og:locale')).toBe('ja_JP');
    expect(metaContent(ja.body, 'og:image')).toBe(
      'https://carol.example/media/catalogue/pixie-jp.jpg',
    );
    const type = await get(`/stylebook/style/w/${ids.type}/0/0`);
    expect(metaContent(type.body, 'og:title')).toBe('숏 컷 헤어스타일');
  });

  it('gives a style path that names nothing or does not hold together the generic page', async () => {
    for (const path of [
      '/stylebook/style/w/-1/0/0',
      `/stylebook/style/m/${ids.type}/0/0`,
      `/stylebook/style/w/${ids.type}/999999/0`,
      `/stylebook/style/w/${ids.type}/0/${ids.style}`,
      `/stylebook/style/x/${ids.type}/0/0`,
      `/stylebook/style/w/abc/0/0`,
    ]) {
      expectGenericPage(await get(path));
    }
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('allows the public pages, keeps out the API and private screens, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/api/', '/shop-api/', '/ml-api/', '/mypage', '/reservation', '/login/']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // The sign-in page is public; only its sub-pages (addresses, tokens in the path) are kept out.
    expect(lines).not.toContain('Disallow: /login');
    expect(lines).toContain('Sitemap: https://carol.example/sitemap.xml');
  });

  it('lists home, find, style book, every salon and active designer with absolute URLs', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const body = bodyOf(res);
    expect(body).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const locs = [...body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      expect.arrayContaining([
        'https://carol.example/',
        'https://carol.example/find/h',
        `https://carol.example/find/saloninfo/${ids.raon}`,
        `https://carol.example/find/saloninfo/${ids.ginza}`,
        `https://carol.example/find/designerinfo/${ids.designer}`,
        `https://carol.example/stylebook/style/w/${ids.type}/0/0`,
        `https://carol.example/stylebook/style/w/${ids.type}/${ids.style}/0`,
      ]),
    );
    expect(locs).not.toContain(`https://carol.example/find/designerinfo/${ids.gone}`);
    expect(locs.some((l) => l!.includes('/mypage'))).toBe(false);
  });
});

describe('compression by Accept-Encoding', () => {
  it('serves the build’s .br to a browser that accepts it, with Vary and the year-long cache', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(appJs.length / 2);
    expect(bodyOf(res)).toBe(appJs);
  });

  it('falls back to gzip, then to the file itself', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(bodyOf(gz)).toBe(appJs);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(appJs);
  });

  it('compresses the SPA fallback’s index.html and keeps it revalidated', async () => {
    const res = await get('/mypage/setting', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(bodyOf(res)).toBe(indexHtml);
  });

  it('compresses a preview page written per request', async () => {
    const res = await get(`/find/saloninfo/${ids.raon}`, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(metaContent(bodyOf(res), 'og:locale')).toBe('ko_KR');
  });

  it('compresses API JSON above 1 KB and leaves small responses alone', async () => {
    const big = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-type']).toMatch(/^application\/json/);
    expect(big.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(bodyOf(big))).toHaveProperty('openapi');
    const small = await get('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    const unasked = await get('/api/docs/json');
    expect(unasked.headers['content-encoding']).toBeUndefined();
    expect(unasked.headers['vary']).toMatch(/accept-encoding/i);
  });

  it('never compresses what is already compressed, and a missing asset stays a 404', async () => {
    const svg = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(svg.statusCode).toBe(200);
    expect(svg.body).toContain('<svg');
    const missing = await get('/assets/gone-000.js', { 'accept-encoding': 'br' });
    expect(missing.statusCode).toBe(404);
  });
});
