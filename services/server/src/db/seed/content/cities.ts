import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { placeById } from '../../../lib/gazetteer/places.js';

/**
 * The four demo cities and their real neighbourhoods (cities.json, checked against the schema
 * below when the seed loads). Street names are real roads of each area; house numbers are
 * invented, so no address points at an actual business. A neighbourhood's centre is its place in
 * the offline gazetteer (lib/gazetteer/), named by id: one coordinate per place, the
 * one the place search answers with.
 */

export type Market = 'kr' | 'jp';
export type CityCode = 'seoul' | 'busan' | 'tokyo' | 'osaka';

export interface Neighbourhood {
  /** Ward / gu / city as written in an address: 강남구, 渋谷区, 大阪市北区, 武蔵野市. */
  district: string;
  /** Neighbourhood as shown in filters and listings: 신사동, 神宮前. */
  name: string;
  /** Short local name for branch suffixes and copy: 신사 → "보니토헤어 신사점"; 原宿. */
  short: string;
  /** Romanized short name for name_en: "Sinsa", "Harajuku". */
  en: string;
  /** The neighbourhood's place in the offline gazetteer (its id). */
  place: string;
  /** The place's centre (the gazetteer's). */
  lat: number;
  lng: number;
  /** Nearest station, for introductions ("신사역 8번 출구", "明治神宮前駅"). */
  station: string;
  /**
   * Korea: road names. Japan: "town:chōme" — the town written before the block numbers and its
   * highest chōme (0 when the town has none, e.g. 宇田川町12-3).
   */
  streets: readonly string[];
  /** Relative share of the city's shops. */
  weight: number;
}

export interface City {
  code: CityCode;
  market: Market;
  /** As written at the start of an address: 서울특별시, 東京都, 大阪府大阪市 is split below. */
  name: string;
  nameEn: string;
  /** Prefix before the district in addresses (Japan: 大阪府 for 大阪市北区...). */
  addressPrefix: string;
  timeZone: 'Asia/Seoul' | 'Asia/Tokyo';
  currency: 'KRW' | 'JPY';
  phonePrefix: string;
  /** Curated shops in the default seed. */
  curated: number;
  neighbourhoods: readonly Neighbourhood[];
}

const neighbourhoodSchema = z.strictObject({
  district: z.string().min(1),
  name: z.string().min(1),
  short: z.string().min(1),
  en: z.string().min(1),
  place: z.string().min(1),
  station: z.string().min(1),
  streets: z.array(z.string().min(1)).min(1),
  weight: z.number().positive(),
});

const citySchema = z.strictObject({
  code: z.enum(['seoul', 'busan', 'tokyo', 'osaka']),
  market: z.enum(['kr', 'jp']),
  name: z.string().min(1),
  nameEn: z.string().min(1),
  addressPrefix: z.string().min(1),
  timeZone: z.enum(['Asia/Seoul', 'Asia/Tokyo']),
  currency: z.enum(['KRW', 'JPY']),
  phonePrefix: z.string().min(1),
  curated: z.number().int().nonnegative(),
  neighbourhoods: z.array(neighbourhoodSchema).min(1),
});

/** The cities of cities.json, each neighbourhood placed where the gazetteer puts its place. */
function loadCities(): readonly City[] {
  const data = z
    .array(citySchema)
    .parse(JSON.parse(readFileSync(new URL('./cities.json', import.meta.url), 'utf8')));
  return data.map((city) => ({
    ...city,
    neighbourhoods: city.neighbourhoods.map((hood) => {
      const place = placeById(hood.place);
      if (place.country !== city.market)
        throw new Error(
          `cities.json: ${hood.name} names ${place.id}, not a place in ${city.market}`,
        );
      return { ...hood, lat: place.lat, lng: place.lng };
    }),
  }));
}

export const cities: readonly City[] = loadCities();

/** Kichijoji's exchange is 0422, not Tokyo's 03; shops there would look fake with 03. */
export function phonePrefixFor(city: City, n: Neighbourhood): string {
  return n.district === '武蔵野市' ? '0422' : city.phonePrefix;
}
