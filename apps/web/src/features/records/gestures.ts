/** The viewer's gesture rules, kept apart from the DOM so they can be tested alone. */

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
/** Double-tap zooms to this. */
export const TAP_ZOOM = 2.5;
/** Two taps this close in time (ms) and space (px) are a double tap. */
export const DOUBLE_TAP_MS = 300;
export const DOUBLE_TAP_PX = 30;

/**
 * Where a finished horizontal drag goes: the next item (1), the previous (-1) or back (0). A drag
 * past a fifth of the stage, or a quick flick, turns the page; an up-and-down drag does not.
 */
export function swipeDirection(dx: number, dy: number, ms: number, width: number): -1 | 0 | 1 {
  if (Math.abs(dx) < 24 || Math.abs(dy) > Math.abs(dx)) return 0;
  const isFlick = ms > 0 && Math.abs(dx) / ms > 0.5;
  if (!isFlick && Math.abs(dx) < width / 5) return 0;
  return dx < 0 ? 1 : -1;
}

export const clampZoom = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));

export interface Point {
  x: number;
  y: number;
}

export const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

export interface Transform {
  scale: number;
  x: number;
  y: number;
}

export const identity: Transform = { scale: 1, x: 0, y: 0 };

/**
 * Keeps a zoomed picture covering its stage: it may not be pulled further than its own overhang
 * (`width`/`height` are the stage's size, the picture fills it at scale 1).
 */
export function clampPan(t: Transform, width: number, height: number): Transform {
  const maxX = ((t.scale - 1) * width) / 2;
  const maxY = ((t.scale - 1) * height) / 2;
  return {
    scale: t.scale,
    x: Math.min(maxX, Math.max(-maxX, t.x)),
    y: Math.min(maxY, Math.max(-maxY, t.y)),
  };
}

/**
 * Zooms to `scale` keeping the stage point `at` (relative to the stage's centre) where it is:
 * the spot under the fingers or the tap stays under them.
 */
export function zoomAt(t: Transform, scale: number, at: Point): Transform {
  const next = clampZoom(scale);
  const ratio = next / t.scale;
  return { scale: next, x: at.x - (at.x - t.x) * ratio, y: at.y - (at.y - t.y) * ratio };
}

/** A double tap: zoom in where tapped, or back out when zoomed. */
export function doubleTapZoom(t: Transform, at: Point): Transform {
  return t.scale > 1 ? identity : zoomAt(t, TAP_ZOOM, at);
}
