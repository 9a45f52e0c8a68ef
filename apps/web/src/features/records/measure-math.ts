import type { ScalpMeasure } from '@carol/contracts';

export type MeasureStatus = 'low' | 'normal' | 'high' | 'unknown';

/** Where a value stands against the salon's normal range (either bound may be missing). */
export function measureStatus(
  value: number,
  min: number | null,
  max: number | null,
): MeasureStatus {
  if (min === null && max === null) return 'unknown';
  if (min !== null && value < min) return 'low';
  if (max !== null && value > max) return 'high';
  return 'normal';
}

export interface RangeBarLayout {
  /** The axis the bar draws, in the measure's unit. */
  axisMin: number;
  axisMax: number;
  /** Percent of the bar's width (0–100): the normal band's start and end, the value's marker. */
  bandStart: number;
  bandEnd: number;
  marker: number;
  status: MeasureStatus;
}

/**
 * A horizontal bar with the normal band and the value's marker. The axis spans the band, the
 * value, and margin on each side (a third of the band's width, or of the value when there is no
 * band) so a value just outside the band is visibly outside; an open-ended band runs to the
 * bar's edge. The marker never leaves the bar.
 */
export function rangeBarLayout(
  value: number,
  min: number | null,
  max: number | null,
): RangeBarLayout {
  const status = measureStatus(value, min, max);
  const known = [value, min, max].filter((n): n is number => n !== null);
  let lo = Math.min(...known);
  let hi = Math.max(...known);
  const span = hi - lo;
  const margin = span > 0 ? span / 3 : Math.abs(value) > 0 ? Math.abs(value) / 2 : 1;
  lo -= margin;
  hi += margin;
  // Measures of these devices are never negative: don't draw an axis below zero for them, and
  // a band with only an upper bound ("25 or less") starts at zero.
  const isNonNegative = known.every((n) => n >= 0);
  if (isNonNegative && (lo < 0 || (min === null && max !== null))) lo = 0;
  const pct = (n: number) => clamp(((n - lo) / (hi - lo)) * 100, 0, 100);
  return {
    axisMin: lo,
    axisMax: hi,
    bandStart: min === null ? 0 : pct(min),
    bandEnd: max === null ? 100 : pct(max),
    marker: pct(value),
    status,
  };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

export interface ChartPoint {
  date: string;
  value: number;
}

export interface ChartGeometry {
  width: number;
  height: number;
  /** Plot area inside the padding. */
  left: number;
  right: number;
  top: number;
  bottom: number;
  yMin: number;
  yMax: number;
  ticks: number[];
  points: Array<ChartPoint & { x: number; y: number }>;
  /** The normal band's top and bottom in pixels, null without a band. */
  band: { y1: number; y2: number } | null;
}

/** 1, 2, 2.5 or 5 times a power of ten: a step that makes round tick labels. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

/**
 * Scales a measure's history (oldest first) into an SVG's coordinates. X is by date (time on an
 * even scale, so gaps between visits show as gaps); one point sits in the middle. Y covers the
 * values and the normal band, rounded out to nice ticks, so the band is always on the chart.
 */
export function chartGeometry(
  points: ChartPoint[],
  normalMin: number | null,
  normalMax: number | null,
  size: {
    width: number;
    height: number;
    padLeft?: number;
    padRight?: number;
    padTop?: number;
    padBottom?: number;
  },
): ChartGeometry {
  const { width, height } = size;
  const left = size.padLeft ?? 40;
  const right = width - (size.padRight ?? 12);
  const top = size.padTop ?? 12;
  const bottom = height - (size.padBottom ?? 28);

  const values = points.map((p) => p.value);
  const known = [...values, normalMin, normalMax].filter((n): n is number => n !== null);
  let lo = known.length ? Math.min(...known) : 0;
  let hi = known.length ? Math.max(...known) : 1;
  if (hi === lo) {
    const pad = Math.abs(lo) > 0 ? Math.abs(lo) * 0.2 : 1;
    lo -= pad;
    hi += pad;
  }
  const step = niceStep(hi - lo, 4);
  let yMin = Math.floor(lo / step) * step;
  const yMax = Math.ceil(hi / step) * step;
  if (yMin < 0 && known.every((n) => n >= 0)) yMin = 0;
  const ticks: number[] = [];
  for (let v = yMin; v <= yMax + step / 1000; v += step) ticks.push(round(v));

  const yOf = (v: number) => bottom - ((v - yMin) / (yMax - yMin)) * (bottom - top);
  const times = points.map((p) => Date.parse(`${p.date}T00:00:00Z`));
  const t0 = Math.min(...times);
  const t1 = Math.max(...times);
  const xOf = (t: number) =>
    points.length <= 1 || t1 === t0
      ? (left + right) / 2
      : left + ((t - t0) / (t1 - t0)) * (right - left);

  return {
    width,
    height,
    left,
    right,
    top,
    bottom,
    yMin,
    yMax,
    ticks,
    points: points.map((p, i) => ({ ...p, x: xOf(times[i]!), y: yOf(p.value) })),
    band:
      normalMin === null && normalMax === null
        ? null
        : { y1: yOf(normalMax ?? yMax), y2: yOf(normalMin ?? yMin) },
  };
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** One measure's history across diagnoses, oldest first, with the latest normal range. */
export function measureSeries(
  diagnoses: ReadonlyArray<{ date: string; diagnosed_at: string; measures: ScalpMeasure[] }>,
  key: ScalpMeasure['key'],
): { points: ChartPoint[]; unit: string; normalMin: number | null; normalMax: number | null } {
  const sorted = [...diagnoses].sort((a, b) => a.diagnosed_at.localeCompare(b.diagnosed_at));
  const points: ChartPoint[] = [];
  let latest: ScalpMeasure | null = null;
  for (const d of sorted) {
    const m = d.measures.find((x) => x.key === key);
    if (!m) continue;
    points.push({ date: d.date, value: m.value });
    latest = m;
  }
  return {
    points,
    unit: latest?.unit ?? '',
    normalMin: latest?.normal_min ?? null,
    normalMax: latest?.normal_max ?? null,
  };
}

/** A value with up to two decimals, in the language's digits. */
export function formatMeasureValue(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
