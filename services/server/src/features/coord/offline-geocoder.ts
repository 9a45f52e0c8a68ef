import type { Language, Server } from '@carol/contracts';
import {
  isChosungQuery,
  normalizeForSearch,
  toChosung,
  toJamo,
} from '../../lib/search-normalize.js';
import { jpPlaces, krPlaces } from '../../lib/gazetteer/places.js';
import type { GazetteerEntry, PlaceKind } from '../../lib/gazetteer/types.js';
import type { Geocoder, LookupOptions, Place, ReverseResult, SearchOptions } from './geocoder.js';
import { isLatin, kanaToRomaji, looseRomaji } from './romaji.js';

/**
 * The offline geocoder: an in-memory index over the gazetteer, built once. A few hundred
 * entries with a handful of keys each, so a linear scan per query costs well under a
 * millisecond and needs no database (docs/decisions/012-offline-gazetteer.md).
 */

/** Smaller is more important when two places match equally well. */
const kindRank: Record<PlaceKind, number> = {
  metro: 0,
  prefecture: 0,
  province: 1,
  si: 2,
  city: 2,
  gu: 3,
  gun: 3,
  ward: 3,
  station: 4,
  area: 5,
  dong: 6,
};

/** Kinds that name a neighbourhood: what reverse geocoding answers with first. */
const neighbourhoodKinds: ReadonlySet<PlaceKind> = new Set(['dong', 'area']);
/** Kinds that name a district or city: the fallback when no neighbourhood is near. */
const districtKinds: ReadonlySet<PlaceKind> = new Set(['gu', 'gun', 'ward', 'si', 'city']);

/** Rough national boxes; a coordinate outside both is not ours to name. */
export const coverage: Record<
  Server,
  { minLat: number; maxLat: number; minLng: number; maxLng: number }
> = {
  kr: { minLat: 33.0, maxLat: 38.65, minLng: 124.5, maxLng: 132.0 },
  jp: { minLat: 20.0, maxLat: 45.6, minLng: 122.9, maxLng: 154.0 },
};

const NEIGHBOURHOOD_RADIUS_KM = 2.5;
const DISTRICT_RADIUS_KM = 40;
const REGION_RADIUS_KM = 120;

/** Trailing words that a name is also searched without: 강남구 → 강남, 渋谷駅 → 渋谷. */
const KO_SUFFIXES = [
  '특별자치시',
  '특별자치도',
  '특별시',
  '광역시',
  '구',
  '시',
  '군',
  '동',
  '역',
  '읍',
  '면',
  '도',
];
const JA_SUFFIXES: readonly (readonly [string, readonly string[]])[] = [
  ['駅', ['えき']],
  ['区', ['く']],
  ['市', ['し']],
  ['都', ['と']],
  ['府', ['ふ']],
  ['県', ['けん']],
  ['町', ['まち', 'ちょう']],
  ['村', ['むら', 'そん']],
  ['洞', []],
];
const EN_SUFFIX = /[-\s](gu|dong|si|gun|eup|myeon|do|ku|shi)$|\s(station|ward|city)$/i;

interface Key {
  /** normalizeForSearch form */
  text: string;
  jamo: string;
  chosung: string;
  /** looseRomaji form for Latin keys and kana readings, else '' */
  loose: string;
  /** 0 the place's name, 1 the name without its suffix, 2 an alias or other-language name */
  source: number;
}

interface IndexedPlace {
  entry: GazetteerEntry;
  keys: Key[];
  /** Parent chain from the top-level region down to (not including) this entry. */
  ancestors: GazetteerEntry[];
  /** Position in the data: curated so that, all else equal, the better-known place comes first. */
  order: number;
}

interface Match {
  place: IndexedPlace;
  tier: number;
  source: number;
  /** How much longer the matched key is than the query (closer is better). */
  slack: number;
}

function stripSuffix(name: string, suffixes: readonly string[], minRest: number): string | null {
  for (const suffix of suffixes) {
    if (name.endsWith(suffix) && [...name].length - [...suffix].length >= minRest) {
      return name.slice(0, name.length - suffix.length);
    }
  }
  return null;
}

function cores(entry: GazetteerEntry): string[] {
  const out: string[] = [];
  const ko = stripSuffix(entry.names.ko, KO_SUFFIXES, 2);
  if (ko) out.push(ko);
  for (const [suffix, readings] of JA_SUFFIXES) {
    const ja = entry.names.ja;
    if (!ja.endsWith(suffix) || [...ja].length < 2) continue;
    out.push(ja.slice(0, -suffix.length));
    const kana = entry.kana;
    const reading = kana
      ? readings.find((r) => kana.endsWith(r) && kana.length > r.length)
      : undefined;
    if (kana && reading) out.push(kana.slice(0, -reading.length));
    break;
  }
  const en = entry.names.en.replace(EN_SUFFIX, '');
  if (en !== entry.names.en && en.length >= 2) out.push(en);
  return out;
}

function keyOf(raw: string, source: number, romaji = false): Key | null {
  const text = normalizeForSearch(raw);
  if (!text) return null;
  return {
    text,
    jamo: toJamo(text),
    chosung: toChosung(text),
    loose: romaji || isLatin(text) ? looseRomaji(text) : '',
    source,
  };
}

function keysOf(entry: GazetteerEntry): Key[] {
  const raw: [string, number, boolean?][] = [];
  const own = entry.country === 'kr' ? entry.names.ko : entry.names.ja;
  raw.push([own, 0]);
  if (entry.kana) raw.push([entry.kana, 0]);
  for (const core of cores(entry)) raw.push([core, 1]);
  raw.push([entry.names.en, 2], [entry.names.ko, 2]);
  if (entry.names.ja) raw.push([entry.names.ja, 2]);
  if (entry.short) raw.push([entry.short.ko, 1], [entry.short.en, 1], [entry.short.ja, 1]);
  if (entry.kana) raw.push([kanaToRomaji(entry.kana), 2, true]);
  for (const alias of entry.aliases ?? []) raw.push([alias, 2]);
  const seen = new Map<string, Key>();
  for (const [text, source, romaji] of raw) {
    const key = keyOf(text, source, romaji);
    if (!key) continue;
    const previous = seen.get(key.text);
    if (!previous || previous.source > key.source) seen.set(key.text, key);
  }
  return [...seen.values()];
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > max) return max + 1;
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let best = i;
    for (let k = 1; k <= y.length; k++) {
      const cost = x[i - 1] === y[k - 1] ? 0 : 1;
      const value = Math.min(
        (previous[k] ?? 0) + 1,
        (current[k - 1] ?? 0) + 1,
        (previous[k - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = current;
  }
  return previous[y.length] ?? max + 1;
}

/** Great-circle distance in km (R = 6371.0088 km, as the shop search uses). */
export function haversineKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

interface QueryForms {
  text: string;
  jamo: string;
  chosung: string | null;
  loose: string | null;
}

/** 0 exact, 1 prefix, 2 contains, 3 similar; null when the key does not match. */
function tierOf(q: QueryForms, key: Key, withTypos: boolean): number | null {
  if (key.text === q.text) return 0;
  if (q.loose && key.loose && key.loose === q.loose) return 0;
  if (q.chosung) {
    if (key.chosung.startsWith(q.chosung)) return 1;
    if (key.chosung.includes(q.chosung)) return 2;
    return null;
  }
  if (key.text.startsWith(q.text) || key.jamo.startsWith(q.jamo)) return 1;
  if (q.loose && key.loose.startsWith(q.loose)) return 1;
  if (key.text.includes(q.text) || key.jamo.includes(q.jamo)) return 2;
  if (q.loose && q.loose.length >= 3 && key.loose.includes(q.loose)) return 2;
  // Typos: one edit in 4–7 jamo/letters, two from 8 on, against the key's head.
  if (!withTypos || Boolean(q.loose) !== Boolean(key.loose)) return null;
  const [probe, target] = q.loose ? [q.loose, key.loose] : [q.jamo, key.jamo];
  const n = [...probe].length;
  if (n < 4) return null;
  const max = n >= 8 ? 2 : 1;
  const head = [...target];
  for (let len = n - max; len <= n + max; len++) {
    if (len < 1 || len > head.length) continue;
    if (editDistance(probe, head.slice(0, len).join(''), max) <= max) return 3;
  }
  return null;
}

function displayName(entry: GazetteerEntry, language: Language, asParent: boolean): string {
  const names = asParent && entry.short ? entry.short : entry.names;
  if (language === 'ja') return names.ja || names.ko;
  return names[language];
}

export class OfflineGeocoder implements Geocoder {
  private readonly places: IndexedPlace[];
  private readonly byId: Map<string, GazetteerEntry>;

  constructor(entries: readonly GazetteerEntry[] = [...krPlaces, ...jpPlaces]) {
    this.byId = new Map(entries.map((e) => [e.id, e]));
    this.places = entries.map((entry, order) => ({
      entry,
      keys: keysOf(entry),
      ancestors: this.ancestorsOf(entry),
      order,
    }));
  }

  get size(): number {
    return this.places.length;
  }

  private ancestorsOf(entry: GazetteerEntry): GazetteerEntry[] {
    const chain: GazetteerEntry[] = [];
    let parent = entry.parent ? this.byId.get(entry.parent) : undefined;
    while (parent && chain.length < 8) {
      chain.unshift(parent);
      parent = parent.parent ? this.byId.get(parent.parent) : undefined;
    }
    return chain;
  }

  /** The place as the API shows it, in one language. */
  private present(place: IndexedPlace, language: Language): Place {
    const { entry, ancestors } = place;
    const name = displayName(entry, language, false);
    const parents = ancestors.map((a) => displayName(a, language, true));
    let fullName: string;
    if (language === 'en') {
      fullName = [name, ...parents.reverse()].join(', ');
    } else if (language === 'ja' && entry.country === 'jp') {
      // 東京都渋谷区神宮前; a station keeps a space: 東京都渋谷区 渋谷駅
      fullName = entry.kind === 'station' ? `${parents.join('')} ${name}` : parents.join('') + name;
    } else {
      fullName = [...parents, name].join(' ');
    }
    return {
      id: entry.id,
      country: entry.country,
      kind: entry.kind,
      name,
      fullName: fullName.trim(),
      lat: entry.lat,
      lng: entry.lng,
    };
  }

  /** Place search, best first: own market, then tier, kind importance, name source, closeness. */
  searchSync(query: string, { country, language, limit }: SearchOptions): Place[] {
    const text = normalizeForSearch(query);
    if (!text) return [];
    const q: QueryForms = {
      text,
      jamo: toJamo(text),
      chosung: isChosungQuery(text) ? text : null,
      loose: isLatin(text) ? looseRomaji(text) : null,
    };
    // Typo matches are dropped whenever an exact or prefix match exists, so the costly edit
    // distances run only when the cheap tiers found nothing that strong.
    let matches = this.match(q, text, false);
    if (!matches.some((m) => m.tier <= 1)) matches = this.match(q, text, true);
    matches.sort(
      (a, b) =>
        Number(a.place.entry.country !== country) - Number(b.place.entry.country !== country) ||
        a.tier - b.tier ||
        kindRank[a.place.entry.kind] - kindRank[b.place.entry.kind] ||
        a.source - b.source ||
        a.slack - b.slack ||
        a.place.order - b.place.order,
    );
    // Typo matches only help when nothing matched properly: "강남" should not offer 경남.
    const hasStrong = matches.some((m) => m.tier <= 1);
    const ranked = matches.filter((m) => !hasStrong || m.tier < 3).map((m) => m.place);
    // "부산 중구", "大阪市北区": a place qualified by its parents goes first.
    if (/\s/.test(query.trim()) || ranked.length === 0) {
      const parsed = this.parseAddress(text, country);
      if (parsed && (parsed.chain > 0 || ranked.length === 0)) {
        const at = ranked.indexOf(parsed.place);
        if (at >= 0) ranked.splice(at, 1);
        ranked.unshift(parsed.place);
      }
    }
    return ranked.slice(0, limit).map((p) => this.present(p, language));
  }

  /** Each place's best-matching key (tier, then name source, then length difference). */
  private match(q: QueryForms, text: string, withTypos: boolean): Match[] {
    const matches: Match[] = [];
    for (const place of this.places) {
      let best: Match | null = null;
      for (const key of place.keys) {
        const tier = tierOf(q, key, withTypos);
        if (tier === null) continue;
        const slack = Math.abs(key.text.length - text.length);
        if (
          !best ||
          tier < best.tier ||
          (tier === best.tier &&
            (key.source < best.source || (key.source === best.source && slack < best.slack)))
        ) {
          best = { place, tier, source: key.source, slack };
        }
      }
      if (best) matches.push(best);
    }
    return matches;
  }

  async search(query: string, options: SearchOptions): Promise<Place[]> {
    return this.searchSync(query, options);
  }

  /**
   * Address → place: every place whose name occurs in the address (longest names win where
   * they overlap, so 강서구 is not also 서구) scores by how many of its own parents occur too;
   * the most specific best-scoring one wins. Without any, the address is searched as a keyword.
   */
  coordByAddressSync(address: string, { country, language }: LookupOptions): Place | null {
    const text = normalizeForSearch(address);
    if (!text) return null;
    const parsed = this.parseAddress(text, country);
    if (parsed) return this.present(parsed.place, language);
    return this.searchSync(address, { country, language, limit: 1 })[0] ?? null;
  }

  /** `chain` is how many of the winner's parents the text also names. */
  private parseAddress(
    text: string,
    country: Server,
  ): { place: IndexedPlace; chain: number } | null {
    interface Hit {
      place: IndexedPlace;
      start: number;
      end: number;
    }
    const hits: Hit[] = [];
    for (const place of this.places) {
      let best: Hit | null = null;
      for (const key of place.keys) {
        // A station counts only by its full name (강남역, 渋谷駅), never as the bare 강남/渋谷.
        if (place.entry.kind === 'station' && key.source === 1) continue;
        const latin = isLatin(key.text);
        if ([...key.text].length < (latin ? 4 : 2) || latin !== isLatin(text)) continue;
        const start = text.indexOf(key.text);
        if (start < 0) continue;
        const end = start + key.text.length;
        if (!best || end - start > best.end - best.start) best = { place, start, end };
      }
      if (best) hits.push(best);
    }
    const kept = hits.filter(
      (h) =>
        !hits.some(
          (o) =>
            o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start,
        ),
    );
    const matchedIds = new Set(kept.map((h) => h.place.entry.id));
    let winner: { place: IndexedPlace; chain: number; score: number } | null = null;
    for (const hit of kept) {
      const chain = hit.place.ancestors.filter((a) => matchedIds.has(a.id)).length;
      const score =
        chain * 100 +
        (hit.place.entry.country === country ? 10 : 0) +
        (6 - kindRank[hit.place.entry.kind]);
      if (
        !winner ||
        score > winner.score ||
        (score === winner.score && hit.place.order < winner.place.order)
      ) {
        winner = { place: hit.place, chain, score };
      }
    }
    return winner ? { place: winner.place, chain: winner.chain } : null;
  }

  async coordByAddress(address: string, options: LookupOptions): Promise<Place | null> {
    return this.coordByAddressSync(address, options);
  }

  /**
   * Coordinates → the nearest neighbourhood within 2.5 km, else the nearest district or city
   * within 40 km, else the nearest region within 120 km; null outside Korea and Japan.
   */
  addressByCoordSync(lat: number, lng: number, { language }: LookupOptions): ReverseResult | null {
    const inside = Object.values(coverage).some(
      (b) => lat >= b.minLat && lat <= b.maxLat && lng >= b.minLng && lng <= b.maxLng,
    );
    if (!inside) return null;
    const at = { lat, lng };
    const nearest = (kinds: (k: PlaceKind) => boolean, radiusKm: number) => {
      let best: { place: IndexedPlace; km: number } | null = null;
      for (const place of this.places) {
        if (!kinds(place.entry.kind)) continue;
        const km = haversineKm(at, place.entry);
        if (km <= radiusKm && (!best || km < best.km)) best = { place, km };
      }
      return best?.place ?? null;
    };
    const found =
      nearest((k) => neighbourhoodKinds.has(k), NEIGHBOURHOOD_RADIUS_KM) ??
      nearest((k) => districtKinds.has(k), DISTRICT_RADIUS_KM) ??
      nearest((k) => k === 'metro' || k === 'province' || k === 'prefecture', REGION_RADIUS_KM);
    if (!found) return null;
    const place = this.present(found, language);
    return { address: place.fullName, place };
  }

  async addressByCoord(
    lat: number,
    lng: number,
    options: LookupOptions,
  ): Promise<ReverseResult | null> {
    return this.addressByCoordSync(lat, lng, options);
  }

  /** For the data tests. */
  entries(): readonly GazetteerEntry[] {
    return this.places.map((p) => p.entry);
  }
}
