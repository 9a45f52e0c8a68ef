import { type Pt } from './canonical-head.js';

/** The overlays' raster (premultiplied float RGBA, "over" compositing) and curve helpers. */

export class Raster {
  readonly r: Float32Array;
  readonly g: Float32Array;
  readonly b: Float32Array;
  readonly a: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    const n = width * height;
    this.r = new Float32Array(n);
    this.g = new Float32Array(n);
    this.b = new Float32Array(n);
    this.a = new Float32Array(n);
  }

  /**
   * One anti-aliased segment from p0 to p1 (half-open: pixels projecting beyond p1 are left to
   * the next segment, so a polyline's joints are not painted twice). The coverage falls off over
   * `soft` pixels at the edge (1 = a crisp line).
   */
  segment(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    width: number,
    alpha: number,
    c: readonly [number, number, number],
    soft = 1,
  ): void {
    const half = Math.max(0.5, width / 2);
    // Thinner than a pixel: keep one pixel of footprint and scale the coverage instead.
    const density = width < 1 ? width : 1;
    const reach = half + soft / 2;
    const minX = Math.max(0, Math.floor(Math.min(x0, x1) - reach - 0.5));
    const maxX = Math.min(this.width - 1, Math.ceil(Math.max(x0, x1) + reach + 0.5));
    const minY = Math.max(0, Math.floor(Math.min(y0, y1) - reach - 0.5));
    const maxY = Math.min(this.height - 1, Math.ceil(Math.max(y0, y1) + reach + 0.5));
    const dx = x1 - x0;
    const dy = y1 - y0;
    const len2 = dx * dx + dy * dy;
    if (len2 < 1e-6) return;
    const [cr, cg, cb] = c;
    const reach2 = reach * reach;
    const invSoft = 1 / soft;
    const len = Math.sqrt(len2);
    // Mostly vertical segments (most hairs): only the few pixels of each row near the line.
    const steep = Math.abs(dy) > 0.35 * len;
    const rowHalf = steep ? (reach * len) / Math.abs(dy) + 1 : 0;
    for (let y = minY; y <= maxY; y++) {
      const py = y + 0.5 - y0;
      let xa = minX;
      let xb = maxX;
      if (steep) {
        const cx = x0 + (dx * py) / dy - 0.5;
        xa = Math.max(minX, Math.floor(cx - rowHalf));
        xb = Math.min(maxX, Math.ceil(cx + rowHalf));
      }
      for (let x = xa; x <= xb; x++) {
        const px = x + 0.5 - x0;
        const t = (px * dx + py * dy) / len2;
        if (t < 0 || t >= 1) continue;
        const ex = px - t * dx;
        const ey = py - t * dy;
        const d2 = ex * ex + ey * ey;
        if (d2 >= reach2) continue;
        let cov = (reach - Math.sqrt(d2)) * invSoft;
        if (cov > 1) cov = 1;
        const k = cov * density * alpha;
        const i = y * this.width + x;
        const keep = 1 - k;
        this.r[i] = cr * k + this.r[i]! * keep;
        this.g[i] = cg * k + this.g[i]! * keep;
        this.b[i] = cb * k + this.b[i]! * keep;
        this.a[i] = k + this.a[i]! * keep;
      }
    }
  }

  /** Multiplies the alpha (and the premultiplied colour) by `keep(x, y)`. */
  clear(keep: (x: number, y: number) => number, rows: [number, number] = [0, this.height]): void {
    for (let y = Math.max(0, rows[0]); y < Math.min(this.height, rows[1]); y++)
      for (let x = 0; x < this.width; x++) {
        const i = y * this.width + x;
        if (this.a[i] === 0) continue;
        const k = keep(x + 0.5, y + 0.5);
        if (k >= 1) continue;
        this.r[i] = this.r[i]! * k;
        this.g[i] = this.g[i]! * k;
        this.b[i] = this.b[i]! * k;
        this.a[i] = this.a[i]! * k;
      }
  }

  /** Straight (not premultiplied) 8-bit RGBA. */
  toRgba(): Buffer {
    const out = Buffer.alloc(this.width * this.height * 4);
    for (let i = 0; i < this.a.length; i++) {
      const a = this.a[i]!;
      if (a <= 0.002) continue;
      out[i * 4] = Math.min(255, Math.round((this.r[i]! / a) * 255));
      out[i * 4 + 1] = Math.min(255, Math.round((this.g[i]! / a) * 255));
      out[i * 4 + 2] = Math.min(255, Math.round((this.b[i]! / a) * 255));
      out[i * 4 + 3] = Math.min(255, Math.round(a * 255));
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Curves.

export const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);
export const smooth = (e0: number, e1: number, v: number) => {
  const t = clamp01((v - e0) / (e1 - e0));
  return t * t * (3 - 2 * t);
};

/** Catmull-Rom through the control points (board px), resampled to `n` points evenly by arc length. */
export function resample(control: readonly Pt[], n: number): Pt[] {
  const dense: Pt[] = [];
  for (let i = 0; i < control.length - 1; i++) {
    const p0 = control[Math.max(0, i - 1)]!;
    const p1 = control[i]!;
    const p2 = control[i + 1]!;
    const p3 = control[Math.min(control.length - 1, i + 2)]!;
    for (let k = 0; k < 16; k++) {
      const t = k / 16;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 *
        (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      dense.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  dense.push(control[control.length - 1]!);
  const acc = [0];
  for (let i = 1; i < dense.length; i++)
    acc.push(
      acc[i - 1]! + Math.hypot(dense[i]![0] - dense[i - 1]![0], dense[i]![1] - dense[i - 1]![1]),
    );
  const total = acc[acc.length - 1]!;
  const out: Pt[] = [];
  let j = 0;
  for (let k = 0; k < n; k++) {
    const target = (total * k) / (n - 1);
    while (j < acc.length - 2 && acc[j + 1]! < target) j++;
    const seg = acc[j + 1]! - acc[j]! || 1;
    const t = (target - acc[j]!) / seg;
    out.push([lerp(dense[j]![0], dense[j + 1]![0], t), lerp(dense[j]![1], dense[j + 1]![1], t)]);
  }
  return out;
}

export function curveLength(points: readonly Pt[]): number {
  let len = 0;
  for (let i = 1; i < points.length; i++)
    len += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return len;
}
