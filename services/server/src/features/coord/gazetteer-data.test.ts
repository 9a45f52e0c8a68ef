import { describe, expect, it } from 'vitest';
import { cities } from '../../db/seed/content/cities.js';
import { jpPlaces, krPlaces } from '../../lib/gazetteer/places.js';
import type { GazetteerEntry } from '../../lib/gazetteer/types.js';
import { coverage, haversineKm, OfflineGeocoder } from './offline-geocoder.js';

const all: readonly GazetteerEntry[] = [...krPlaces, ...jpPlaces];
const byId = new Map(all.map((e) => [e.id, e]));
const geocoder = new OfflineGeocoder();

describe('gazetteer data', () => {
  it('has unique, lower-case ids', () => {
    const ids = all.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^(kr|jp)-[a-z0-9-]+$/);
  });

  it('puts every entry inside its country and names it in ko and en (ja and kana for Japan)', () => {
    for (const e of all) {
      const box = coverage[e.country];
      expect(e.lat, e.id).toBeGreaterThanOrEqual(box.minLat);
      expect(e.lat, e.id).toBeLessThanOrEqual(box.maxLat);
      expect(e.lng, e.id).toBeGreaterThanOrEqual(box.minLng);
      expect(e.lng, e.id).toBeLessThanOrEqual(box.maxLng);
      expect(e.id.startsWith(`${e.country}-`), e.id).toBe(true);
      expect(e.names.ko.trim(), e.id).not.toBe('');
      expect(e.names.en.trim(), e.id).not.toBe('');
      if (e.country === 'jp') {
        expect(e.names.ja.trim(), e.id).not.toBe('');
        expect(e.kana ?? '', e.id).toMatch(/^[\u3041-\u309f\u30fc]+$/);
      }
    }
  });

  it('links every entry to an existing parent of the same country, without cycles', () => {
    for (const e of all) {
      if (e.parent === null) {
        expect(['metro', 'province', 'prefecture'], e.id).toContain(e.kind);
        continue;
      }
      const parent = byId.get(e.parent);
      expect(parent, `${e.id} → ${e.parent}`).toBeDefined();
      expect(parent?.country, e.id).toBe(e.country);
      const seen = new Set<string>();
      let at: GazetteerEntry | undefined = e;
      while (at?.parent) {
        expect(seen.has(at.id), e.id).toBe(false);
        seen.add(at.id);
        at = byId.get(at.parent);
      }
    }
  });

  it('keeps children near their parent (catches swapped or mistyped coordinates)', () => {
    for (const e of all) {
      const parent = e.parent ? byId.get(e.parent) : undefined;
      if (!parent) continue;
      // Provinces and prefectures point at their seat; their cities can be far from it.
      const limit = parent.parent === null && parent.kind !== 'metro' ? 400 : 60;
      expect(haversineKm(e, parent), `${e.id} from ${parent.id}`).toBeLessThan(limit);
    }
  });

  it('covers what the issue asks for', () => {
    const count = (pred: (e: GazetteerEntry) => boolean) => all.filter(pred).length;
    expect(count((e) => e.country === 'kr' && e.parent === null)).toBe(17);
    expect(count((e) => e.parent === 'kr-seoul' && e.kind === 'gu')).toBe(25);
    expect(count((e) => e.parent === 'kr-busan')).toBe(16);
    for (const metro of ['kr-incheon', 'kr-daegu', 'kr-daejeon', 'kr-gwangju', 'kr-ulsan']) {
      expect(
        count((e) => e.parent === metro),
        metro,
      ).toBeGreaterThanOrEqual(5);
    }
    const seoulIds = new Set(all.filter((e) => e.parent === 'kr-seoul').map((e) => e.id));
    expect(
      count((e) => e.parent !== null && seoulIds.has(e.parent) && e.kind !== 'station'),
    ).toBeGreaterThanOrEqual(60);
    const busanIds = new Set(all.filter((e) => e.parent === 'kr-busan').map((e) => e.id));
    expect(
      count((e) => e.parent !== null && busanIds.has(e.parent) && e.kind !== 'station'),
    ).toBeGreaterThanOrEqual(20);
    expect(count((e) => e.country === 'kr' && e.kind === 'station')).toBeGreaterThanOrEqual(40);
    expect(count((e) => e.kind === 'prefecture')).toBe(47);
    expect(count((e) => e.parent === 'jp-13' && e.kind === 'ward')).toBe(23);
    expect(count((e) => e.parent === 'jp-27-osaka' && e.kind === 'ward')).toBe(24);
    expect(count((e) => e.country === 'jp' && e.kind === 'station')).toBeGreaterThanOrEqual(60);
    expect(geocoder.size).toBe(all.length);
  });

  it('finds every neighbourhood of the demo salons by its name, short name and district', () => {
    for (const city of cities) {
      const country = city.market;
      for (const hood of city.neighbourhoods) {
        const district = `${city.name} ${hood.district}`;
        for (const query of [hood.name, hood.short, district]) {
          const found = geocoder.searchSync(query, { country, language: 'ko', limit: 5 });
          // The district is bigger: its office may be a few km from the neighbourhood.
          const limit = query === district ? 8 : 2.5;
          // Among the first five: 福島 is also a prefecture, and rightly ranks first.
          const near = found.some((p) => haversineKm(p, hood) < limit);
          expect(near, `${city.code}: ${query} → ${found.map((p) => p.fullName).join(', ')}`).toBe(
            true,
          );
        }
      }
    }
  });
});
