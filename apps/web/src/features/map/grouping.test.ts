import { describe, expect, it } from 'vitest';
import {
  groupMarkers,
  zoomTarget,
  zoomThatSeparates,
  type MarkerGroup,
  type MarkerPoint,
  type Reach,
} from './grouping';
import { groupingOptions, markerGap, pinReach } from './marker-layout';

/** A price pin as the map measures it: about 80 × 28 px for "19,000원~". */
const pin = pinReach(80, 28);
const shop = (id: number, x: number, y: number, reach: Reach = pin): MarkerPoint<number> => ({
  item: id,
  x,
  y,
  count: 1,
  pin: reach,
});
const cell = (id: number, x: number, y: number, count: number): MarkerPoint<number> => ({
  item: id,
  x,
  y,
  count,
  pin: null,
});

function boxOf(g: MarkerGroup<number>) {
  return {
    left: g.x - g.reach.left,
    right: g.x + g.reach.right,
    top: g.y - g.reach.up,
    bottom: g.y + g.reach.down,
  };
}

/** Two boxes closer than the gap on both axes (what a finger or an eye could confuse). */
function tooClose(a: MarkerGroup<number>, b: MarkerGroup<number>, gap: number) {
  const p = boxOf(a);
  const q = boxOf(b);
  return (
    p.left < q.right + gap &&
    q.left < p.right + gap &&
    p.top < q.bottom + gap &&
    q.top < p.bottom + gap
  );
}

/** A small deterministic PRNG, so the dense cases are the same on every run. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('groupMarkers', () => {
  it('keeps pins that fit apart as pins, where their shops are', () => {
    const groups = groupMarkers([shop(1, 100, 100), shop(2, 200, 100), shop(3, 100, 160)], {
      ...groupingOptions,
    });
    expect(groups.map((g) => [g.kind, g.items, g.x, g.y])).toEqual([
      ['pin', [1], 100, 100],
      ['pin', [2], 200, 100],
      ['pin', [3], 100, 160],
    ]);
  });

  it('merges pins whose boxes would touch into one count bubble at their mean', () => {
    // 70 px apart: two 80 px pins would overlap by 10 px.
    const groups = groupMarkers([shop(1, 100, 100), shop(2, 170, 100)], groupingOptions);
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'bubble', items: [1, 2], count: 2, x: 135, y: 100 });
  });

  it('keeps the gap: pins closer than the gap merge, pins just beyond it do not', () => {
    const apart = 80 + markerGap;
    expect(groupMarkers([shop(1, 0, 0), shop(2, apart, 0)], groupingOptions)).toHaveLength(2);
    expect(groupMarkers([shop(1, 0, 0), shop(2, apart - 1, 0)], groupingOptions)).toHaveLength(1);
    // Vertically the pin is its height plus the lift above the point.
    const below = 28 + 6 + markerGap;
    expect(groupMarkers([shop(1, 0, 0), shop(2, 0, below)], groupingOptions)).toHaveLength(2);
    expect(groupMarkers([shop(1, 0, 0), shop(2, 0, below - 1)], groupingOptions)).toHaveLength(1);
  });

  it('measures each pin by its own label: a long label collides where a short one fits', () => {
    const long = pinReach(150, 28); // 料金はお問い合わせ
    expect(groupMarkers([shop(1, 0, 0), shop(2, 90, 0)], groupingOptions)).toHaveLength(2);
    expect(groupMarkers([shop(1, 0, 0, long), shop(2, 90, 0)], groupingOptions)).toHaveLength(1);
  });

  it('draws server clusters as bubbles and weighs the merged position by count', () => {
    const alone = groupMarkers([cell(1, 0, 0, 30)], groupingOptions);
    expect(alone[0]).toMatchObject({ kind: 'bubble', count: 30 });
    const both = groupMarkers([cell(1, 0, 0, 30), shop(2, 40, 0)], groupingOptions);
    expect(both).toHaveLength(1);
    expect(both[0]!.count).toBe(31);
    expect(both[0]!.x).toBeCloseTo(40 / 31);
  });

  it('lets a grown bubble take in what it now reaches, until nothing collides', () => {
    // 1 and 2 merge into a bubble at 50; with 3 and 4 the bubble grows past 10 and moves.
    const points = [shop(1, 0, 100), shop(2, 100, 100), shop(3, 50, 60), shop(4, 50, 140)];
    const groups = groupMarkers(points, groupingOptions);
    for (let i = 0; i < groups.length; i++)
      for (let j = i + 1; j < groups.length; j++)
        expect(tooClose(groups[i]!, groups[j]!, markerGap)).toBe(false);
    expect(groups.reduce((n, g) => n + g.count, 0)).toBe(4);
  });

  it('leaves no two markers too close, and every shop in exactly one, at any density', () => {
    for (const [n, width, height] of [
      [5, 360, 600],
      [40, 390, 640],
      [200, 430, 700],
      [200, 120, 120],
      [600, 430, 700],
    ] as const) {
      const random = prng(n * 31 + width);
      const points = Array.from({ length: n }, (_, i) =>
        i % 17 === 16
          ? cell(i, random() * width, random() * height, 3 + Math.floor(random() * 400))
          : shop(i, random() * width, random() * height, pinReach(60 + random() * 90, 28)),
      );
      const groups = groupMarkers(points, groupingOptions);
      for (let i = 0; i < groups.length; i++)
        for (let j = i + 1; j < groups.length; j++)
          expect(tooClose(groups[i]!, groups[j]!, markerGap), `${n} in ${width}×${height}`).toBe(
            false,
          );
      const seen = groups.flatMap((g) => g.items).sort((a, b) => a - b);
      expect(seen).toEqual(points.map((p) => p.item));
      const counted = groups.reduce((sum, g) => sum + g.count, 0);
      expect(counted).toBe(points.reduce((sum, p) => sum + p.count, 0));
      for (const g of groups) if (g.kind === 'pin') expect(g.items).toHaveLength(1);
    }
  });

  it('groups the same way wherever the map is panned', () => {
    const random = prng(7);
    const points = Array.from({ length: 80 }, (_, i) => shop(i, random() * 400, random() * 600));
    const here = groupMarkers(points, groupingOptions);
    const there = groupMarkers(
      points.map((p) => ({ ...p, x: p.x + 12_345, y: p.y - 6_789 })),
      groupingOptions,
    );
    expect(there.map((g) => g.items)).toEqual(here.map((g) => g.items));
  });
});

describe('zoomThatSeparates', () => {
  /** Web Mercator-ish: pixels double with each zoom level. */
  const at =
    (places: Record<number, [number, number]>) =>
    (id: number, zoom: number): MarkerPoint<number> => {
      const [x, y] = places[id]!;
      return shop(id, x * 2 ** zoom, y * 2 ** zoom);
    };

  it('finds the first zoom at which the shops stop colliding', () => {
    // 40 units apart at zoom 0 and 80 px at zoom 1: two 80 px pins need 86 px (the gap).
    const places = { 1: [0, 0], 2: [40, 0] } as Record<number, [number, number]>;
    expect(zoomThatSeparates([1, 2], at(places), 0, 19, groupingOptions)).toBe(2);
    expect(zoomThatSeparates([1, 2], at(places), 2, 19, groupingOptions)).toBe(3);
  });

  it('returns null when no zoom up to the closest separates them (one building)', () => {
    const places = { 1: [0, 0], 2: [0, 0], 3: [0.0001, 0] } as Record<number, [number, number]>;
    expect(zoomThatSeparates([1, 2, 3], at(places), 14, 19, groupingOptions)).toBeNull();
    // At the closest zoom already: nothing left to zoom.
    const far = { 1: [0, 0], 2: [1, 0] } as Record<number, [number, number]>;
    expect(zoomThatSeparates([1, 2], at(far), 19, 19, groupingOptions)).toBeNull();
  });
});

describe('zoomTarget', () => {
  it('goes as close as all the shops still fit, so they spread as far as they can', () => {
    expect(zoomTarget(14, 16, 17, 19)).toBe(17);
  });

  it('goes at least to where they separate, even if some then leave the screen', () => {
    expect(zoomTarget(14, 18, 16, 19)).toBe(18);
  });

  it('always goes at least one level in, and never past the closest zoom', () => {
    expect(zoomTarget(14, null, 13, 19)).toBe(15);
    expect(zoomTarget(18, 22, 22, 19)).toBe(19);
    expect(zoomTarget(12, null, 25, 19)).toBe(19);
  });
});
