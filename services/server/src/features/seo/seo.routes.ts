import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Language, Server } from '@carol/contracts';
import { catalogs, interpolate, languageFromRequest } from '@carol/i18n';
import type { Database } from '../../db/index.js';
import type { Config } from '../../env.js';
import { escapeHtml, withPageHead, type PageHead } from './seo-head.js';
import {
  findDesignerPreview,
  findSalonPreview,
  findStyleName,
  findStylePhoto,
  loadSitemapRows,
  type SalonPreview,
} from './seo.repo.js';

export interface SeoDeps {
  db: Database;
  config: Pick<Config, 'publicOrigin'>;
  /** The built index.html, read once at start. */
  indexHtml: string;
}

/** Private screens (spec section 2) and the API bases: not for search engines. */
const disallowed = [
  '/api/',
  '/shop-api/',
  '/ml-api/',
  '/mypage',
  '/reservation',
  // The sign-in page itself may be crawled (a public page, Lighthouse's SEO "is-crawlable");
  // its sub-pages carry e-mail addresses and one-time tokens in their paths.
  '/login/',
  '/mirror',
  '/notFound',
];

const idPattern = /^[1-9]\d{0,14}$/;
const hostPattern = /^[a-z0-9.-]+(?::\d{1,5})?$/i;

const languageOfServer = (server: Server): Language => (server === 'jp' ? 'ja' : 'ko');

/**
 * robots.txt, sitemap.xml and the link previews of the salon, designer and style pages
 * (ADR 028). Registered only where the web app is served. Every page answers index.html: with
 * the page's head when its row exists, else the generic one (the app shows its own not found).
 */
export function registerSeoRoutes(app: FastifyInstance, deps: SeoDeps): void {
  const { db, indexHtml } = deps;
  const originOf = (request: FastifyRequest) => {
    if (deps.config.publicOrigin) return deps.config.publicOrigin;
    const host = hostPattern.test(request.host) ? request.host : 'localhost';
    return `${request.protocol}://${host}`;
  };

  app.get('/robots.txt', async (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...disallowed.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${originOf(request)}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const origin = originOf(request);
    const { shopRows, designerRows, typeRows, styleRows } = await loadSitemapRows(db);
    const urls: Array<{ path: string; lastmod?: Date }> = [
      { path: '/' },
      { path: '/find/h' },
      { path: '/find/map' },
      { path: '/stylebook/style/w/-1/0/0' },
      { path: '/stylebook/style/m/-1/0/0' },
      ...typeRows.map((t) => ({ path: `/stylebook/style/${t.gender}/${t.id}/0/0` })),
      ...styleRows.map((s) => ({ path: `/stylebook/style/${s.gender}/${s.typeId}/${s.id}/0` })),
      ...shopRows.map((s) => ({ path: `/find/saloninfo/${s.id}`, lastmod: s.updatedAt })),
      ...designerRows.map((d) => ({ path: `/find/designerinfo/${d.id}` })),
      { path: '/simulation' },
      { path: '/company' },
      { path: '/terms' },
      { path: '/privacy' },
      { path: '/support/inquiry' },
      { path: '/support/partnership' },
    ];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...urls.map(
        (u) =>
          `  <url><loc>${escapeHtml(origin + u.path)}</loc>${
            u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''
          }</url>`,
      ),
      '</urlset>',
      '',
    ].join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(body);
  });

  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    build: () => Promise<PageHead | undefined>,
  ) {
    let head: PageHead | undefined;
    try {
      head = await build();
    } catch (err) {
      // A preview is a nicety: the page itself must still load.
      request.log.warn({ err }, 'page head failed; serving the generic head');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(head ? withPageHead(indexHtml, head) : indexHtml);
  }

  const salonHandler = async (
    request: FastifyRequest<{ Params: { salonid: string } }>,
    reply: FastifyReply,
  ) =>
    sendPage(request, reply, async () => {
      const id = request.params.salonid;
      if (!idPattern.test(id)) return undefined;
      const salon = await findSalonPreview(db, Number(id));
      return salon ? salonHead(salon, originOf(request)) : undefined;
    });
  app.get('/find/saloninfo/:salonid', salonHandler);
  // The salon's tabs (menu, notice, stylebook/…) and photos share its preview.
  app.get('/find/saloninfo/:salonid/*', salonHandler);

  app.get<{ Params: { designerid: string } }>(
    '/find/designerinfo/:designerid',
    async (request, reply) =>
      sendPage(request, reply, async () => {
        const id = request.params.designerid;
        if (!idPattern.test(id)) return undefined;
        const designer = await findDesignerPreview(db, Number(id));
        if (!designer) return undefined;
        const language = languageOfServer(designer.server);
        const c = catalogs[language].seo;
        const origin = originOf(request);
        const name = designer.position ? `${designer.name} ${designer.position}` : designer.name;
        const values = { name, salon: designer.shopName };
        return {
          title: interpolate(c.designer.title, values),
          description: interpolate(c.designer.description, values),
          url: `${origin}/find/designerinfo/${designer.id}`,
          image: absoluteUrl(origin, designer.profileImageUrl),
          type: 'profile',
          siteName: c.siteName,
          locale: c.locale,
          language,
        };
      }),
  );

  app.get<{ Params: { gender: string; type: string; style: string; substyle: string } }>(
    '/stylebook/style/:gender/:type/:style/:substyle',
    async (request, reply) => {
      // The style book's language follows the reader, so the preview does too.
      reply.header('vary', 'accept-language');
      return sendPage(request, reply, async () => {
        const { gender, type, style, substyle } = request.params;
        if (gender !== 'w' && gender !== 'm') return undefined;
        if (![type, style, substyle].every((v) => /^-?\d{1,15}$/.test(v))) return undefined;
        const ids = {
          gender,
          typeId: Number(type),
          styleId: Number(style),
          substyleId: Number(substyle),
        } as const;
        const named = await findStyleName(db, ids);
        if (!named) return undefined;
        const language = languageFromRequest(request.headers['accept-language']);
        const server: Server = language === 'ja' ? 'jp' : 'kr';
        const c = catalogs[language].seo;
        const origin = originOf(request);
        const values = { style: named[language] };
        const photo = await findStylePhoto(db, server, ids.typeId, named.photoStyleId);
        return {
          title: interpolate(c.style.title, values),
          description: interpolate(c.style.description, values),
          url: `${origin}/stylebook/style/${gender}/${ids.typeId}/${ids.styleId}/${ids.substyleId}`,
          image: absoluteUrl(origin, photo),
          type: 'website',
          siteName: c.siteName,
          locale: c.locale,
          language,
        };
      });
    },
  );
}

function absoluteUrl(origin: string, url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  return url.startsWith('/') ? origin + url : undefined;
}

export function salonHead(salon: SalonPreview, origin: string): PageHead {
  const language = languageOfServer(salon.server);
  const c = catalogs[language].seo;
  const area =
    [salon.regionCity, salon.regionDistrict].filter(Boolean).join(language === 'ja' ? '' : ' ') ||
    salon.address;
  const values = { name: salon.name, area };
  const rated =
    salon.reviewCount > 0
      ? interpolate(c.salon.rated, {
          rating: salon.ratingAvg.toFixed(1),
          count: salon.reviewCount,
        })
      : '';
  const url = `${origin}/find/saloninfo/${salon.id}`;
  const images = salon.images
    .map((u) => absoluteUrl(origin, u))
    .filter((u): u is string => u !== undefined);
  const priceRange =
    salon.minPrice === null
      ? undefined
      : `${new Intl.NumberFormat(language === 'ja' ? 'ja-JP' : 'ko-KR', {
          style: 'currency',
          currency: salon.currency,
        }).format(salon.minPrice)}~`;
  return {
    title: interpolate(c.salon.title, values),
    // Japanese sentences follow each other without a space.
    description: [rated, interpolate(c.salon.description, values)]
      .filter(Boolean)
      .join(language === 'ja' ? '' : ' '),
    url,
    image: images[0],
    type: 'business.business',
    siteName: c.siteName,
    locale: c.locale,
    language,
    jsonLd: {
      '@context': 'https://schema.org',
      '@type': 'HairSalon',
      '@id': url,
      name: salon.name,
      url,
      ...(images.length ? { image: images } : {}),
      ...(salon.phone ? { telephone: salon.phone } : {}),
      address: {
        '@type': 'PostalAddress',
        streetAddress: [salon.address, salon.addressDetail].filter(Boolean).join(' '),
        ...(salon.regionDistrict ? { addressLocality: salon.regionDistrict } : {}),
        ...(salon.regionCity ? { addressRegion: salon.regionCity } : {}),
        addressCountry: salon.server === 'jp' ? 'JP' : 'KR',
      },
      geo: {
        '@type': 'GeoCoordinates',
        latitude: salon.location.y,
        longitude: salon.location.x,
      },
      ...(salon.reviewCount > 0
        ? {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: salon.ratingAvg,
              reviewCount: salon.reviewCount,
              bestRating: 5,
              worstRating: 1,
            },
          }
        : {}),
      ...(priceRange ? { priceRange } : {}),
    },
  };
}
