/** Small SVG and colour helpers shared by the seed illustrations. */

export interface Point {
  x: number;
  y: number;
  /** A corner: the curve arrives and leaves with no tangent, so hair tips stay pointed. */
  sharp?: boolean;
}

/** One decimal keeps the SVG compact and the output identical across runs. */
export function n(value: number): string {
  const r = Math.round(value * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
}

export function p(x: number, y: number, sharp = false): Point {
  return sharp ? { x, y, sharp } : { x, y };
}

/**
 * Catmull-Rom through the points as cubic Béziers. Open paths start with M; closed ones wrap
 * around. `tension` 1 is the classic spline; lower values hug the polyline.
 */
export function smoothPath(
  points: readonly Point[],
  closed: boolean,
  tension = 1,
  moveTo = true,
): string {
  const count = points.length;
  if (count < 2) return '';
  const at = (i: number): Point => {
    if (closed) return points[((i % count) + count) % count] as Point;
    return points[Math.max(0, Math.min(count - 1, i))] as Point;
  };
  const first = at(0);
  let d = moveTo ? `M${n(first.x)} ${n(first.y)}` : `L${n(first.x)} ${n(first.y)}`;
  const segments = closed ? count : count - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1 = p1.sharp ? p1 : { x: p1.x + (p2.x - p0.x) * k, y: p1.y + (p2.y - p0.y) * k };
    const c2 = p2.sharp ? p2 : { x: p2.x - (p3.x - p1.x) * k, y: p2.y - (p3.y - p1.y) * k };
    d += `C${n(c1.x)} ${n(c1.y)} ${n(c2.x)} ${n(c2.y)} ${n(p2.x)} ${n(p2.y)}`;
  }
  return closed ? `${d}Z` : d;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, (c) => c + c) : h;
  const v = Number.parseInt(full, 16);
  return { r: (v >> 16) & 255, g: (v >> 8) & 255, b: v & 255 };
}

export function toHex({ r, g, b }: Rgb): string {
  const c = (x: number) =>
    Math.round(Math.max(0, Math.min(255, x)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}

export function mix(a: string, b: string, t: number): string {
  const x = parseHex(a);
  const y = parseHex(b);
  return toHex({ r: x.r + (y.r - x.r) * t, g: x.g + (y.g - x.g) * t, b: x.b + (y.b - x.b) * t });
}

export const lighten = (c: string, t: number): string => mix(c, '#ffffff', t);
export const darken = (c: string, t: number): string => mix(c, '#000000', t);

export function svgDoc(width: number, height: number, body: string, viewBox?: string): string {
  const vb = viewBox ?? `0 0 ${width} ${height}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${vb}">${body}</svg>`;
}

export function linearGradient(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  x1 = 0,
  y1 = 0,
  x2 = 0,
  y2 = 1,
): string {
  const s = stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${n(a)}"`}/>`,
    )
    .join('');
  return `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${s}</linearGradient>`;
}

export function radialGradient(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  cx = 0.5,
  cy = 0.5,
  r = 0.5,
): string {
  const s = stops
    .map(
      ([o, c, a]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${n(a)}"`}/>`,
    )
    .join('');
  return `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${s}</radialGradient>`;
}
