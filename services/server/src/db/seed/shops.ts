import { createHash, createHmac, randomBytes } from 'node:crypto';
import type * as schema from '../schema/index.js';
import type { Gender } from './content/catalogue.js';
import { cities, phonePrefixFor, type City, type Neighbourhood } from './content/cities.js';
import { jaMenus, koMenus, type MenuTemplate } from './content/menus.js';
import {
  jaBrands,
  jaFormats,
  jaGivenFemale,
  jaGivenMale,
  jaPositions,
  jaSurnames,
  koBrands,
  koFormats,
  koGivenFemale,
  koGivenMale,
  koPositions,
  koSurnames,
  longDesignerNames,
  longShopNames,
} from './content/names.js';
import {
  jaDesignerIntros,
  jaHolidays,
  jaIntroBodies,
  jaIntroClosers,
  jaIntroOpeners,
  jaNotices,
  jaSpecialClosures,
  jaSpecialties,
  koDesignerIntros,
  koHolidays,
  koIntroBodies,
  koIntroClosers,
  koIntroOpeners,
  koNotices,
  koSpecialClosures,
  koSpecialties,
  type NoticeType,
} from './content/texts.js';
import type { SalonScene } from './images/salon.js';
import { Rng } from '../../lib/prng.js';
import type { IdSequence, Row } from './reference.js';
import { searchColumnsOf } from '../../lib/search-normalize.js';

export type ShopRow = Row<typeof schema.shops>;
export type BusinessHourRow = Row<typeof schema.shopBusinessHours>;
export type ShopHolidayRow = Row<typeof schema.shopHolidays>;
export type ShopImageRow = Row<typeof schema.shopImages>;
export type ConsoleKeyRow = Row<typeof schema.shopConsoleKeys>;
export type NoticeRow = Row<typeof schema.notices>;
export type DesignerRow = Row<typeof schema.designers>;
export type DesignerHourRow = Row<typeof schema.designerWorkingHours>;
export type DesignerHolidayRow = Row<typeof schema.designerHolidays>;
export type MenuRow = Row<typeof schema.menus>;

export interface ShopBundle {
  shop: ShopRow;
  hours: BusinessHourRow[];
  holidays: ShopHolidayRow[];
  images: ShopImageRow[];
  consoleKeys: ConsoleKeyRow[];
  notices: NoticeRow[];
  designers: DesignerRow[];
  designerHours: DesignerHourRow[];
  designerHolidays: DesignerHolidayRow[];
  menus: MenuRow[];
  curated: boolean;
  /** A curated salon deliberately left without style-book photos (ADR 024). */
  emptyStyleBook: boolean;
  /** The seeded reviews' plan (only curated shops get reviews). */
  reviews: { count: number; mean: number };
}

export interface ShopContext {
  seed: number;
  epoch: Date;
  avatars: Record<Gender, readonly string[]>;
  salonImages: Record<SalonScene, readonly string[]>;
  /** Derive console keys from this secret (HMAC) instead of random bytes, so tools can recompute them. */
  consoleKeySecret?: string | undefined;
}

/** Curated shops of the default seed, in the four cities. */
export const CURATED_SHOPS = cities.reduce((sum, c) => sum + c.curated, 0);

const DAY = 86_400_000;

/**
 * The curated shops interleaved across cities, so any prefix (a smaller seed) still covers all
 * four cities in proportion.
 */
const curatedPlan: readonly City[] = (() => {
  const slots: { city: City; at: number; order: number }[] = [];
  cities.forEach((city, order) => {
    for (let j = 0; j < city.curated; j++)
      slots.push({ city, at: (j + 0.5) / city.curated, order });
  });
  slots.sort((a, b) => a.at - b.at || a.order - b.order);
  return slots.map((s) => s.city);
})();

/** Each curated shop's position among the curated shops of its market (0, 1, 2, ...). */
const curatedOrdinal: readonly number[] = (() => {
  const seen = { kr: 0, jp: 0 };
  return curatedPlan.map((c) => seen[c.market]++);
})();

/**
 * Curated salons with a deliberate shape, by their position among their market's curated
 * salons, so the demo covers what a real market has (ADR 024): a one-person salon, large
 * salons (10 and 12 designers), very long salon and designer names (and with them long credit
 * lines), and one salon whose style book is still empty. Every other salon keeps its drawn shape.
 */
export interface SalonProfile {
  designers?: number;
  longNames?: boolean;
  emptyStyleBook?: boolean;
}

export const salonProfiles: Readonly<Record<number, SalonProfile>> = {
  1: { designers: 1 },
  2: { designers: 12, longNames: true },
  4: { designers: 10 },
  6: { emptyStyleBook: true },
};

export function salonProfileOf(index: number): SalonProfile | undefined {
  const ordinal = curatedOrdinal[index];
  return ordinal === undefined ? undefined : salonProfiles[ordinal];
}

export function cityOfShop(index: number, rng: Rng): { city: City; curated: boolean } {
  const planned = curatedPlan[index];
  if (planned) return { city: planned, curated: true };
  return { city: rng.weighted(cities.map((c) => [c, c.curated] as const)), curated: false };
}

function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(
    /\{(\w+)(?:\|([^/}]+)\/([^}]+))?\}/g,
    (_, key: string, withFinal?: string, withoutFinal?: string) => {
      const value = String(vars[key] ?? '');
      if (withFinal === undefined || withoutFinal === undefined) return value;
      return value + (hasFinalConsonant(value) ? withFinal : withoutFinal);
    },
  );
}

/** Korean particles (을/를, 이/가) depend on whether the last syllable ends in a consonant. */
function hasFinalConsonant(word: string): boolean {
  const code = word.charCodeAt(word.length - 1);
  if (code < 0xac00 || code > 0xd7a3) return false;
  return (code - 0xac00) % 28 !== 0;
}

function jitter(rng: Rng, hood: Neighbourhood, metres: number): { x: number; y: number } {
  const dy = rng.normalish(0, metres) / 111_320;
  const dx = rng.normalish(0, metres) / (111_320 * Math.cos((hood.lat * Math.PI) / 180));
  return { x: Math.round((hood.lng + dx) * 1e6) / 1e6, y: Math.round((hood.lat + dy) * 1e6) / 1e6 };
}

function shopName(rng: Rng, city: City, hood: Neighbourhood): { name: string; nameEn: string } {
  const kr = city.market === 'kr';
  const [brand, latin] = rng.pick(kr ? koBrands : jaBrands);
  const [format, formatEn] = rng.weighted(
    (kr ? koFormats : jaFormats).map((f) => [f, f[2]] as const),
  );
  // "아뜰리에 봄헤어" reads wrong: multi-word brands keep a space before 헤어.
  const tpl = brand.includes(' ') ? format.replace('{b}헤어', '{b} 헤어') : format;
  const vars = { b: brand, e: latin, n: hood.short, ne: hood.en };
  return { name: fill(tpl, vars), nameEn: fill(formatEn, vars) };
}

function address(rng: Rng, city: City, hood: Neighbourhood): { address: string; detail: string } {
  const floor = rng.weighted<number>([
    [1, 3],
    [2, 5],
    [3, 3],
    [4, 1],
    [5, 1],
  ]);
  if (city.market === 'kr') {
    const street = rng.pick(hood.streets);
    const building = rng.chance(0.45)
      ? `${rng.pick(['라움', '드림', '한빛', '청운', '세림', '미래', '에이스', '센트럴', '하나', '동원'])}빌딩 `
      : '';
    return {
      address: `${city.addressPrefix} ${hood.district} ${street} ${rng.int(1, 160)}`,
      detail: floor === 1 ? `${building}1층` : `${building}${floor}층`,
    };
  }
  const [town, chomeText] = rng.pick(hood.streets).split(':') as [string, string];
  const chome = Number(chomeText);
  const block = `${chome > 0 ? `${rng.int(1, chome)}-` : ''}${rng.int(1, 30)}-${rng.int(1, 20)}`;
  const building = rng.chance(0.6)
    ? `${rng.pick(['パークサイド', 'ルミエール', 'グランデ', 'サンライズ', 'アーバン', 'メゾン', 'アベニュー'])}${hood.short}ビル `
    : '';
  return {
    address: `${city.addressPrefix}${hood.district}${town}${block}`,
    detail: `${building}${floor}F`,
  };
}

function phone(rng: Rng, city: City, hood: Neighbourhood): string {
  const prefix = phonePrefixFor(city, hood);
  if (prefix === '0422') return `0422-${rng.int(20, 79)}-${rng.int(1000, 9999)}`;
  if (city.market === 'jp') return `${prefix}-${rng.int(3000, 6999)}-${rng.int(1000, 9999)}`;
  if (prefix === '02')
    return `02-${rng.chance(0.6) ? rng.int(3000, 6999) : rng.int(300, 799)}-${rng.int(1000, 9999)}`;
  return `${prefix}-${rng.int(600, 999)}-${rng.int(1000, 9999)}`;
}

interface Person {
  name: string;
  nameEn: string;
  gender: Gender;
}

function person(rng: Rng, market: City['market'], gender: Gender): Person {
  if (market === 'kr') {
    const [family, familyEn] = rng.weighted(
      koSurnames.map((s) => [[s[0], s[1]] as const, s[2]] as const),
    );
    const [given, givenEn] = rng.pick(gender === 'w' ? koGivenFemale : koGivenMale);
    return { name: `${family}${given}`, nameEn: `${givenEn} ${familyEn}`, gender };
  }
  const [family, familyEn] = rng.weighted(
    jaSurnames.map((s) => [[s[0], s[1]] as const, s[2]] as const),
  );
  const [given, givenEn] = rng.pick(gender === 'w' ? jaGivenFemale : jaGivenMale);
  return { name: `${family} ${given}`, nameEn: `${givenEn} ${familyEn}`, gender };
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) =>
  `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function price(rng: Rng, t: MenuTemplate, level: number): number {
  const t01 = Math.max(0, Math.min(1, level + rng.range(-0.15, 0.15)));
  const raw = t.min + (t.max - t.min) * t01;
  return Math.max(t.min, Math.min(t.max, Math.round(raw / t.step) * t.step));
}

/** `notice@<slug>.carol.test`, the slug from the romanized name (else `shop-<id>`). */
function noticeAddressOf(nameEn: string, shopId: number): string {
  const slug = nameEn
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `notice@${slug || `shop-${shopId}`}.carol.test`;
}

const premiumAreas = new Set([
  '청담',
  '압구정',
  '신사',
  '한남',
  '表参道',
  '青山',
  '銀座',
  '代官山',
  '六本木',
]);

export function buildShop(
  index: number,
  ids: IdSequence,
  ctx: ShopContext,
  usedNames: Set<string>,
): ShopBundle {
  const rng = Rng.derive(ctx.seed, `shop:${index}`);
  const { city, curated } = cityOfShop(index, rng);
  const kr = city.market === 'kr';
  const hood = rng.weighted(city.neighbourhoods.map((h) => [h, h.weight] as const));
  const location = jitter(rng, hood, curated ? 280 : 1200);

  const profile = curated ? salonProfileOf(index) : undefined;
  let named = shopName(rng, city, hood);
  if (profile?.longNames) {
    const [name, nameEn] = longShopNames[city.market];
    named = { name: fill(name, { n: hood.short }), nameEn: fill(nameEn, { ne: hood.en }) };
  }
  if (curated) {
    for (let attempt = 0; attempt < 6 && usedNames.has(named.name); attempt++)
      named = shopName(rng, city, hood);
    if (usedNames.has(named.name)) {
      named = kr
        ? { name: `${named.name} ${hood.short}점`, nameEn: `${named.nameEn} ${hood.en}` }
        : { name: `${named.name} ${hood.short}店`, nameEn: `${named.nameEn} ${hood.en}` };
    }
    usedNames.add(named.name);
  }

  const shopId = ids.take('shops');
  const createdAt = new Date(
    ctx.epoch.getTime() - rng.int(20, 3 * 365) * DAY - rng.int(0, 86_399) * 1000,
  );
  const updatedAt = new Date(
    Math.min(ctx.epoch.getTime(), createdAt.getTime() + rng.int(0, 200) * DAY),
  );
  const where = address(rng, city, hood);

  // Designers first: the owner is the shop's representative.
  const drawnCount = rng.weighted<number>([
    [3, 3],
    [4, 4],
    [5, 4],
    [6, 3],
    [7, 2],
    [8, 1],
  ]);
  const designerCount = profile?.designers ?? drawnCount;
  const positions = kr ? koPositions : jaPositions;
  const seniors = designerCount > 1 ? rng.int(1, Math.min(2, designerCount - 1)) : 0;
  const people: Person[] = [];
  for (let i = 0; i < designerCount; i++)
    people.push(person(rng, city.market, rng.chance(kr ? 0.62 : 0.55) ? 'w' : 'm'));
  if (profile?.longNames)
    longDesignerNames[city.market].forEach(([name, nameEn], i) => {
      const p = people[i];
      if (p) people[i] = { ...p, name, nameEn };
    });
  const owner = people[0] as Person;

  // Business hours: one weekly day off for most shops (Monday in Korea and Kansai, Tuesday in Tokyo).
  const opens = rng.weighted<string>([
    ['10:00', 6],
    ['10:30', 2],
    ['11:00', 3],
    [kr ? '10:00' : '09:30', 1],
  ]);
  const closes = rng.weighted<string>([
    ['20:00', 5],
    ['21:00', 4],
    [kr ? '22:00' : '19:00', 1],
  ]);
  const usualOff = kr || city.code === 'osaka' ? 1 : 2;
  // 0 = open every day.
  const dayOff = rng.weighted<number>([
    [usualOff, 6],
    [usualOff === 1 ? 2 : 1, 1.5],
    [0, 2.5],
  ]);
  const week: { weekday: number; opens: string | null; closes: string | null }[] = [];
  for (let weekday = 1; weekday <= 7; weekday++) {
    const off = weekday === dayOff;
    // Sundays often close an hour early.
    const close =
      weekday === 7 && closes !== '19:00' ? `${Number(closes.slice(0, 2)) - 1}:00` : closes;
    week.push({ weekday, opens: off ? null : opens, closes: off ? null : close });
  }
  const hours: BusinessHourRow[] = week.map((d) => ({
    id: ids.take('shop_business_hours'),
    shopId,
    weekday: d.weekday,
    opensAt: d.opens,
    closesAt: d.closes,
    isDayOff: d.opens === null,
  }));

  const holidays: ShopHolidayRow[] = [];
  const national = kr ? koHolidays : jaHolidays;
  // Every shop closes on 설날 / New Year's Day; other holidays vary by shop.
  const always = kr ? '2027-02-06' : '2027-01-01';
  const picked = national.filter(([date]) => date === always || rng.chance(curated ? 0.5 : 0.25));
  for (const [date, reason] of picked)
    holidays.push({ id: ids.take('shop_holidays'), shopId, date, reason });
  if (curated && rng.chance(0.35)) {
    const d = new Date(Date.UTC(2026, 11, 1) + rng.int(0, 80) * DAY);
    const date = isoDate(d);
    if (!holidays.some((h) => h.date === date))
      holidays.push({
        id: ids.take('shop_holidays'),
        shopId,
        date,
        reason: rng.pick(kr ? koSpecialClosures : jaSpecialClosures),
      });
  }

  const images: ShopImageRow[] = [];
  const imageCount = curated ? rng.int(3, 5) : rng.int(2, 3);
  const chosen = new Set<string>([rng.pick(ctx.salonImages.stations)]);
  while (chosen.size < imageCount)
    chosen.add(rng.pick(ctx.salonImages[rng.pick(['stations', 'lounge', 'wash'] as const)]));
  [...chosen].forEach((url, sort) =>
    images.push({ id: ids.take('shop_images'), shopId, url, sort }),
  );

  // Only the hash is stored; the key itself is never printed or kept.
  const key = ctx.consoleKeySecret
    ? createHmac('sha256', ctx.consoleKeySecret).update(`shop:${index}`).digest('base64url')
    : randomBytes(24).toString('base64url');
  const consoleKeys: ConsoleKeyRow[] = [
    {
      id: ids.take('shop_console_keys'),
      shopId,
      keyHash: createHash('sha256').update(key).digest('hex'),
      createdAt,
      revokedAt: null,
    },
  ];

  const noticeSource = kr ? koNotices : jaNotices;
  const noticeTypes: NoticeType[] = curated
    ? ['news', 'update', 'coupon', 'details']
    : [rng.pick(['news', 'update', 'coupon', 'details'] as const)];
  const notices: NoticeRow[] = noticeTypes.map((type, i) => {
    const text = rng.pick(noticeSource[type]);
    const published = new Date(ctx.epoch.getTime() - rng.int(1, 90) * DAY - i * 3_600_000);
    return {
      id: ids.take('notices'),
      shopId,
      type,
      title: text.title,
      body: fill(text.body, { station: hood.station }),
      publishedAt: published,
      createdAt: published,
    };
  });

  const years = rng.int(2, 15);
  const introVars = {
    name: named.name,
    station: hood.station,
    area: kr ? hood.name : hood.short,
    years,
  };
  // Two or three sentences: who and where, what they are good at, and often a practical note.
  const introduction = [
    fill(rng.pick(kr ? koIntroOpeners : jaIntroOpeners), introVars),
    rng.pick(kr ? koIntroBodies : jaIntroBodies),
    ...(rng.chance(0.7) ? [rng.pick(kr ? koIntroClosers : jaIntroClosers)] : []),
  ].join(kr ? ' ' : '');

  const designers: DesignerRow[] = [];
  const designerHours: DesignerHourRow[] = [];
  const designerHolidays: DesignerHolidayRow[] = [];
  people.forEach((p, i) => {
    const designerId = ids.take('designers');
    const role = i === 0 ? 'owner' : i <= seniors ? 'senior' : 'staff';
    const position =
      role === 'owner'
        ? positions.owner
        : rng.pick(role === 'senior' ? positions.senior : positions.staff);
    const careerYears =
      role === 'owner' ? rng.int(12, 25) : role === 'senior' ? rng.int(7, 15) : rng.int(1, 7);
    const specialty = rng.pick(kr ? koSpecialties : jaSpecialties);
    designers.push({
      id: designerId,
      shopId,
      name: p.name,
      nameEn: p.nameEn,
      position,
      introduction: fill(rng.pick(kr ? koDesignerIntros : jaDesignerIntros), {
        specialty,
        years: careerYears,
      }),
      profileImageUrl: rng.pick(ctx.avatars[p.gender]),
      careerYears,
      // Derived from the reviews table by triggers (migration 0008); the draws stay so the
      // random sequence, and with it every other generated value, is unchanged.
      ratingAvg: (rng.normalish(4.6, 0.3), 0),
      reviewCount: (rng.range(0.5, role === 'staff' ? 4.5 : 5.5), 0),
      isActive: true,
      sort: i,
      ...searchColumnsOf({ name: p.name, nameEn: p.nameEn }),
      createdAt: new Date(createdAt.getTime() + rng.int(0, 60) * DAY),
    });
    // Staff take one extra weekday off besides the shop's closing day; some start an hour late.
    const personalOff =
      role === 'owner'
        ? 0
        : rng.chance(0.7)
          ? rng.pick([1, 2, 3, 4, 5].filter((d) => d !== dayOff))
          : 0;
    const lateStart = role !== 'owner' && rng.chance(0.25);
    for (const d of week) {
      const working = d.opens !== null && d.closes !== null && d.weekday !== personalOff;
      const start =
        d.opens && lateStart
          ? `${Number(d.opens.slice(0, 2)) + 1}:${d.opens.slice(3, 5)}`
          : d.opens;
      designerHours.push({
        id: ids.take('designer_working_hours'),
        designerId,
        weekday: d.weekday,
        startsAt: working ? start : null,
        endsAt: working ? d.closes : null,
        isOff: !working,
      });
    }
    if (curated && rng.chance(0.35)) {
      const first = Date.UTC(2026, 11, 1) + rng.int(0, 75) * DAY;
      const days = rng.int(1, 3);
      for (let d = 0; d < days; d++)
        designerHolidays.push({
          id: ids.take('designer_holidays'),
          designerId,
          date: isoDate(new Date(first + d * DAY)),
        });
    }
  });

  const level = Math.max(
    0,
    Math.min(1, rng.range(0.15, 0.75) + (premiumAreas.has(hood.short) ? 0.25 : 0)),
  );
  const menus: MenuRow[] = [];
  let sort = 0;
  let minPrice: number | null = null;
  for (const t of kr ? koMenus : jaMenus) {
    if (!rng.chance(t.offered)) continue;
    const basePrice = price(rng, t, level);
    minPrice = minPrice === null ? basePrice : Math.min(minPrice, basePrice);
    menus.push({
      id: ids.take('menus'),
      shopId,
      category: t.category,
      name: t.name,
      description: t.description,
      basePrice,
      currency: city.currency,
      durationMinutes: t.duration,
      targetGender: t.gender,
      sort: sort++,
      isActive: true,
    });
  }

  const shop: ShopRow = {
    id: shopId,
    server: city.market,
    name: named.name,
    nameEn: named.nameEn,
    representative: owner.name,
    address: where.address,
    addressDetail: where.detail,
    regionCity: city.name,
    regionDistrict: hood.district,
    regionNeighbourhood: hood.name,
    phone: phone(rng, city, hood),
    location,
    timeZone: city.timeZone,
    currency: city.currency,
    introduction,
    isSmartSalon: rng.chance(0.2),
    isBookingOpen: rng.chance(0.95),
    // Derived from the reviews table (migration 0008): 0 here, the seed's reviews fill them.
    ratingAvg: 0,
    reviewCount: 0,
    slotMinutes: 30,
    // Curated salons are told of their members' moves and cancellations (ADR 062), at an
    // address that never delivers (.test); the bulk ones have none.
    noticeEmail: curated ? noticeAddressOf(named.nameEn, shopId) : null,
    // What the menus triggers would compute (migration 0007); set here so the bulk load does
    // not update every shop row a second time.
    minPrice,
    ...searchColumnsOf({
      name: named.name,
      nameEn: named.nameEn,
      regionCity: city.name,
      regionDistrict: hood.district,
      regionNeighbourhood: hood.name,
    }),
    createdAt,
    updatedAt,
  };
  // How the shop's seeded reviews look (drawn where the rating and count used to be, so the
  // random sequence is unchanged): curated shops get a handful of visited bookings with
  // reviews (seed reviews.ts), around a mean that differs from shop to shop.
  const reviewMean = Math.max(3.5, Math.min(5, rng.normalish(4.55, 0.3)));
  const reviewCount = Math.min(14, Math.floor(Math.exp(rng.range(1, 6.6))));

  return {
    shop,
    hours,
    holidays,
    images,
    consoleKeys,
    notices,
    designers,
    designerHours,
    designerHolidays,
    menus,
    curated,
    emptyStyleBook: profile?.emptyStyleBook === true,
    reviews: { count: reviewCount, mean: reviewMean },
  };
}
