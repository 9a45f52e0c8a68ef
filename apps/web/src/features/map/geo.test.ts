import { describe, expect, it } from 'vitest';
import { mapBoundsProblems, mapLimits } from '@carol/contracts';
import {
  clusterLabel,
  clusterSize,
  formatView,
  hasMovedAway,
  parseView,
  searchAreaOf,
  type MapArea,
} from './geo';

const seoul: MapArea = { sw_lat: 37.5, sw_lng: 126.9, ne_lat: 37.6, ne_lng: 127.05, zoom: 13 };

describe('searchAreaOf', () => {
  it('keeps a normal viewport as it is (rounded)', () => {
    expect(
      searchAreaOf({ sw_lat: 37.500001, sw_lng: 126.9, ne_lat: 37.6, ne_lng: 127.05 }, 13.2),
    ).toEqual(seoul);
  });

  it('shrinks a too-large viewport around its centre so the server accepts it', () => {
    const area = searchAreaOf({ sw_lat: 20, sw_lng: 110, ne_lat: 50, ne_lng: 150 }, 4);
    expect(mapBoundsProblems(area)).toEqual([]);
    expect((area.sw_lat + area.ne_lat) / 2).toBeCloseTo(35, 3);
    expect((area.sw_lng + area.ne_lng) / 2).toBeCloseTo(130, 3);
    expect(area.ne_lat - area.sw_lat).toBeLessThanOrEqual(mapLimits.maxSpanLat);
    expect(area.zoom).toBe(4);
  });

  it('clamps zoom to what the server accepts', () => {
    expect(searchAreaOf(seoul, 1).zoom).toBe(mapLimits.minZoom);
    expect(searchAreaOf(seoul, 30).zoom).toBe(mapLimits.maxZoom);
  });
});

describe('hasMovedAway', () => {
  it('ignores a small nudge and notices a real pan or a zoom', () => {
    expect(hasMovedAway(seoul, { ...seoul, sw_lat: 37.51, ne_lat: 37.61 })).toBe(false);
    expect(hasMovedAway(seoul, { ...seoul, sw_lng: 127.0, ne_lng: 127.15 })).toBe(true);
    expect(hasMovedAway(seoul, { ...seoul, zoom: 14 })).toBe(true);
  });
});

describe('view in the URL', () => {
  it('round-trips', () => {
    const view = { lat: 37.5665, lng: 126.978, zoom: 14 };
    expect(parseView(formatView(view))).toEqual(view);
  });

  it('refuses junk', () => {
    for (const bad of [
      null,
      '',
      '1,2',
      'a,b,c',
      '91,0,10',
      '37,200,10',
      '37,127,2',
      '37,127,13.5',
    ]) {
      expect(parseView(bad)).toBeNull();
    }
  });
});

describe('clusters', () => {
  it('sizes and labels bubbles', () => {
    expect([3, 42, 420].map(clusterSize)).toEqual(['s', 'm', 'l']);
    expect([7, 999, 1000, 1250, 12_345].map(clusterLabel)).toEqual([
      '7',
      '999',
      '1k',
      '1.2k',
      '12k',
    ]);
  });
});
