import { faceHalfOval, HEAD, ORIGIN, type Pt, T, toBoard } from './canonical-head.js';
import { clamp01, smooth } from './raster.js';

/** The face opening and the neck cleared out of every overlay. */

function insidePolygon(poly: readonly Pt[], x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = true !== inside;
  }
  return inside;
}

/** Distance from (x, y) to the polygon's outline. */
function edgeDistance(poly: readonly Pt[], x: number, y: number): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [ax, ay] = poly[j]!;
    const [bx, by] = poly[i]!;
    const dx = bx - ax;
    const dy = by - ay;
    const t = clamp01(((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy || 1));
    const d = Math.hypot(x - ax - t * dx, y - ay - t * dy);
    if (d < best) best = d;
  }
  return best;
}

/**
 * What stays visible of the hair at (x, y) in board px: the face below the hairline (or below
 * the fringe line for styles with bangs) and the neck are cleared with a soft edge.
 */
export function faceKeep(fringeFloor: number | undefined): (x: number, y: number) => number {
  // The opening, a little inside the face outline so the hair may overlap the face's edge.
  const opening: Pt[] = [
    ...faceHalfOval.map(([x, y]): Pt => [x * 0.93, y]),
    ...faceHalfOval
      .slice(0, -1)
      .reverse()
      .map(([x, y]): Pt => [-x * 0.93, y]),
  ]
    .filter(([, y]) => fringeFloor === undefined || y >= fringeFloor)
    .map(toBoard);
  if (fringeFloor !== undefined) {
    const yb = toBoard([0, fringeFloor])[1];
    const w = faceHalfOval.find(([, y]) => y >= fringeFloor)?.[0] ?? 0.5;
    opening.unshift([ORIGIN[0] - w * 0.93 * T, yb], [ORIGIN[0] + w * 0.93 * T, yb]);
  }
  const neckTop = ORIGIN[1] + 0.85 * T;
  const neckHalf = HEAD.neckHalf * T;
  const soft = 5;
  const minX = Math.min(...opening.map((p) => p[0])) - soft;
  const maxX = Math.max(...opening.map((p) => p[0])) + soft;
  const minY = Math.min(...opening.map((p) => p[1])) - soft;
  const maxY = Math.max(...opening.map((p) => p[1])) + soft;
  return (x, y) => {
    let keep = 1;
    if (x > minX && x < maxX && y > minY && y < maxY) {
      const d = edgeDistance(opening, x, y);
      const inside = insidePolygon(opening, x, y);
      if (inside) keep = Math.max(0, 0.5 - d / soft);
      else if (d < soft) keep = 0.5 + d / soft / 2;
    }
    if (y > neckTop) {
      const dn = neckHalf - Math.abs(x - ORIGIN[0]);
      const k = clamp01(0.5 - dn / soft) + (1 - smooth(neckTop, neckTop + 40, y));
      keep = Math.min(keep, clamp01(k));
    }
    return keep;
  };
}
