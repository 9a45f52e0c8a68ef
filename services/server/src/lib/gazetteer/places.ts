import { readFileSync } from 'node:fs';
import { PlaceKindSchema } from '@carol/contracts';
import { z } from 'zod';
import type { GazetteerCountry, GazetteerEntry } from './types.js';

/**
 * The offline gazetteer's places, loaded from its data files (kr.json, jp.json; the data model is
 * in types.ts) and checked against the schema when the module loads: a malformed entry stops the
 * server at start, not a search later.
 *
 * kr.json — Korea: the 17 top-level regions, every gu/gun of the eight metropolitan cities
 * (Incheon as reorganised on 2026-07-01: 제물포구, 영종구, 검단구, with the old names as aliases),
 * the larger cities of each province, ~60 Seoul and ~20 Busan neighbourhoods and ~55 stations;
 * Japanese names where Japanese media have an established form.
 *
 * jp.json — Japan: all 47 prefectures, Tokyo's 23 special wards and main cities, Osaka City and
 * its 24 wards, the other large cities (with the central wards of Yokohama, Nagoya, Kyoto, Kobe,
 * Fukuoka and Sapporo), the neighbourhoods of the demo salons and other well-known areas, and ~60
 * stations. Every entry has the Japanese name, its reading in hiragana, a Hepburn romaji name and
 * the Korean name (국립국어원 표기).
 *
 * The demo salons' neighbourhoods (db/seed/content/cities.json) name their place here by id:
 * one coordinate per place.
 */

const localNamesSchema = z.strictObject({ ko: z.string(), en: z.string(), ja: z.string() });

export const gazetteerEntrySchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  country: z.enum(['kr', 'jp']),
  kind: PlaceKindSchema,
  parent: z.string().nullable(),
  names: localNamesSchema,
  short: localNamesSchema.optional(),
  kana: z.string().optional(),
  aliases: z.array(z.string()).optional(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** The entries of one data file, checked (schema, country, unique ids). */
export function loadGazetteer(file: URL, country: GazetteerCountry): readonly GazetteerEntry[] {
  const entries = z.array(gazetteerEntrySchema).parse(JSON.parse(readFileSync(file, 'utf8')));
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.country !== country) throw new Error(`gazetteer: ${entry.id} is not in ${country}`);
    if (ids.has(entry.id)) throw new Error(`gazetteer: duplicate id ${entry.id}`);
    ids.add(entry.id);
  }
  return entries;
}

export const krPlaces = loadGazetteer(new URL('./kr.json', import.meta.url), 'kr');
export const jpPlaces = loadGazetteer(new URL('./jp.json', import.meta.url), 'jp');

const byId = new Map([...krPlaces, ...jpPlaces].map((entry) => [entry.id, entry]));

/** A place by its id; throws for an unknown id (a data file naming a place that is not here). */
export function placeById(id: string): GazetteerEntry {
  const entry = byId.get(id);
  if (!entry) throw new Error(`gazetteer: no place ${id}`);
  return entry;
}
