import { describe, expect, it } from 'vitest';
import type { DiagnosisContent } from '@carol/contracts';
import {
  chartGeometry,
  measureSeries,
  measureStatus,
  niceStep,
  rangeBarLayout,
} from './measure-math';

describe('measureStatus', () => {
  it('reads a value against both bounds, one bound, or none', () => {
    expect(measureStatus(5, 2, 8)).toBe('normal');
    expect(measureStatus(2, 2, 8)).toBe('normal');
    expect(measureStatus(1.9, 2, 8)).toBe('low');
    expect(measureStatus(8.1, 2, 8)).toBe('high');
    expect(measureStatus(30, null, 25)).toBe('high');
    expect(measureStatus(10, null, 25)).toBe('normal');
    expect(measureStatus(10, 20, null)).toBe('low');
    expect(measureStatus(10, null, null)).toBe('unknown');
  });
});

describe('rangeBarLayout', () => {
  it('puts a value inside the band between its edges', () => {
    const bar = rangeBarLayout(80, 60, 100);
    // Axis 60..100 with a third of the band (13.3) each side: 46.7..113.3.
    expect(bar.axisMin).toBeCloseTo(46.667, 2);
    expect(bar.axisMax).toBeCloseTo(113.333, 2);
    expect(bar.bandStart).toBeCloseTo(20, 5);
    expect(bar.bandEnd).toBeCloseTo(80, 5);
    expect(bar.marker).toBeCloseTo(50, 5);
    expect(bar.status).toBe('normal');
  });

  it('draws a value far above the band outside it, still on the bar', () => {
    const bar = rangeBarLayout(200, 60, 100);
    expect(bar.status).toBe('high');
    expect(bar.marker).toBeGreaterThan(bar.bandEnd);
    expect(bar.marker).toBeLessThanOrEqual(100);
    expect(bar.bandStart).toBeGreaterThanOrEqual(0);
  });

  it('shows a value just below the band visibly left of it', () => {
    const bar = rangeBarLayout(59, 60, 100);
    expect(bar.status).toBe('low');
    expect(bar.bandStart - bar.marker).toBeGreaterThan(1);
  });

  it('runs an open-ended band to the edge and never starts a non-negative axis below zero', () => {
    const onlyMax = rangeBarLayout(10, null, 25);
    expect(onlyMax.axisMin).toBe(0);
    expect(onlyMax.bandStart).toBe(0);
    expect(onlyMax.bandEnd).toBeLessThan(100);
    const onlyMin = rangeBarLayout(70, 50, null);
    expect(onlyMin.bandEnd).toBe(100);
    expect(onlyMin.bandStart).toBeGreaterThan(0);
  });

  it('keeps a value without a range, or equal to a zero-width band, in the middle', () => {
    const none = rangeBarLayout(42, null, null);
    expect(none.status).toBe('unknown');
    expect(none.marker).toBeCloseTo(50, 5);
    const zero = rangeBarLayout(0, null, null);
    expect(zero.marker).toBe(0);
    expect(Number.isFinite(zero.axisMax)).toBe(true);
  });
});

describe('niceStep', () => {
  it('rounds to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceStep(100, 4)).toBe(25);
    expect(niceStep(7, 4)).toBe(2);
    expect(niceStep(0.3, 4)).toBeCloseTo(0.1, 10);
    expect(niceStep(0, 4)).toBe(1);
  });
});

const box = { width: 340, height: 200 };

describe('chartGeometry', () => {
  it('puts a single point in the middle, with the band on the chart', () => {
    const g = chartGeometry([{ date: '2026-03-01', value: 120 }], 100, 140, box);
    expect(g.points).toHaveLength(1);
    expect(g.points[0]!.x).toBeCloseTo((g.left + g.right) / 2, 5);
    expect(g.yMin).toBeLessThanOrEqual(100);
    expect(g.yMax).toBeGreaterThanOrEqual(140);
    expect(g.band).not.toBeNull();
    expect(g.band!.y1).toBeGreaterThanOrEqual(g.top);
    expect(g.band!.y2).toBeLessThanOrEqual(g.bottom);
    expect(g.points[0]!.y).toBeGreaterThan(g.band!.y1);
    expect(g.points[0]!.y).toBeLessThan(g.band!.y2);
  });

  it('gives a single value without a band a range to stand in', () => {
    const g = chartGeometry([{ date: '2026-03-01', value: 5 }], null, null, box);
    expect(g.yMax).toBeGreaterThan(g.yMin);
    expect(g.band).toBeNull();
    expect(g.points[0]!.y).toBeGreaterThan(g.top);
    expect(g.points[0]!.y).toBeLessThan(g.bottom);
  });

  it('spreads many points over the width by date and keeps every one inside the plot', () => {
    const points = Array.from({ length: 24 }, (_, i) => ({
      date: `${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
      value: 60 + ((i * 37) % 50),
    }));
    const g = chartGeometry(points, 70, 90, box);
    expect(g.points[0]!.x).toBeCloseTo(g.left, 5);
    expect(g.points.at(-1)!.x).toBeCloseTo(g.right, 5);
    for (let i = 1; i < g.points.length; i++) {
      expect(g.points[i]!.x).toBeGreaterThan(g.points[i - 1]!.x);
    }
    for (const p of g.points) {
      expect(p.y).toBeGreaterThanOrEqual(g.top - 1e-9);
      expect(p.y).toBeLessThanOrEqual(g.bottom + 1e-9);
    }
    // Ticks are round and cover the data.
    expect(g.ticks[0]).toBe(g.yMin);
    expect(g.ticks.at(-1)).toBe(g.yMax);
    expect(Math.min(...points.map((p) => p.value))).toBeGreaterThanOrEqual(g.yMin);
    // Higher values are drawn higher (smaller y).
    const hi = g.points.reduce((a, b) => (b.value > a.value ? b : a));
    const lo = g.points.reduce((a, b) => (b.value < a.value ? b : a));
    expect(hi.y).toBeLessThan(lo.y);
  });

  it('draws time evenly: a long gap between visits is a long gap on the chart', () => {
    const g = chartGeometry(
      [
        { date: '2026-01-01', value: 1 },
        { date: '2026-01-11', value: 2 },
        { date: '2026-12-27', value: 3 },
      ],
      null,
      null,
      box,
    );
    const [a, b, c] = g.points;
    expect(c!.x - b!.x).toBeGreaterThan((b!.x - a!.x) * 10);
  });
});

describe('measureSeries', () => {
  it("takes one measure's values oldest first and the latest diagnosis's range", () => {
    const d = (id: number, date: string, value: number | null, max = 25): DiagnosisContent => ({
      diagnosis_id: id,
      shop_id: 1,
      shop_name: 'S',
      diagnosed_at: `${date}T03:00:00Z`,
      date,
      designer_name: null,
      measures:
        value === null
          ? []
          : [{ key: 'sebum', value, unit: '%', normal_min: null, normal_max: max }],
      images: [],
      memo: null,
    });
    const series = measureSeries(
      [d(3, '2026-06-01', 30, 28), d(1, '2026-01-01', 20), d(2, '2026-03-01', null)],
      'sebum',
    );
    expect(series.points).toEqual([
      { date: '2026-01-01', value: 20 },
      { date: '2026-06-01', value: 30 },
    ]);
    expect(series.normalMax).toBe(28);
    expect(series.unit).toBe('%');
  });
});
