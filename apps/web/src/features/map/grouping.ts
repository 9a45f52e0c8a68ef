/**
 * Collision grouping of map markers in screen pixels (ADR 026): price pins where they fit,
 * count bubbles where they do not. Pure (no Leaflet, no DOM), so the map screen, its tests and
 * the tap handler ("does zooming in separate this bubble?") share one definition.
 */

/** How far a marker's box reaches from its anchor point, in CSS pixels. */
export interface Reach {
  left: number;
  right: number;
  up: number;
  down: number;
}

/** One thing to place: a shop (drawn as a pin when alone) or a server cluster (always a bubble). */
export interface MarkerPoint<T> {
  item: T;
  /** Anchor in projected pixels at the zoom being laid out (Leaflet `map.project`). */
  x: number;
  y: number;
  /** How many shops it stands for: 1 for a shop, the cell's count for a server cluster. */
  count: number;
  /** The pin's reach when it stands alone, or null when it is drawn as a bubble anyway. */
  pin: Reach | null;
}

export interface MarkerGroup<T> {
  items: T[];
  count: number;
  /** A lone shop's pin sits at the shop; a bubble sits at the count-weighted mean. */
  x: number;
  y: number;
  kind: 'pin' | 'bubble';
  reach: Reach;
}

export interface GroupingOptions {
  /** A bubble's reach for a count (its radius, the same in every direction). */
  bubble: (count: number) => Reach;
  /** Clear space kept between two markers' boxes, so neither covers the other's edge. */
  gap: number;
}

function overlaps<T>(a: MarkerGroup<T>, b: MarkerGroup<T>, gap: number): boolean {
  return (
    a.x - a.reach.left < b.x + b.reach.right + gap &&
    b.x - b.reach.left < a.x + a.reach.right + gap &&
    a.y - a.reach.up < b.y + b.reach.down + gap &&
    b.y - b.reach.up < a.y + a.reach.down + gap
  );
}

function merged<T>(a: MarkerGroup<T>, b: MarkerGroup<T>, o: GroupingOptions): MarkerGroup<T> {
  const count = a.count + b.count;
  return {
    items: [...a.items, ...b.items],
    count,
    x: (a.x * a.count + b.x * b.count) / count,
    y: (a.y * a.count + b.y * b.count) / count,
    kind: 'bubble',
    reach: o.bubble(count),
  };
}

/**
 * Groups markers so that no two boxes (plus `gap`) overlap: each point starts as its own marker,
 * and any two that collide merge into one bubble at their weighted mean, repeated until nothing
 * collides. Every merge removes a marker, so it ends; the result depends only on the points and
 * their order (earlier points absorb later ones), not on where the map is panned.
 */
export function groupMarkers<T>(
  points: readonly MarkerPoint<T>[],
  o: GroupingOptions,
): MarkerGroup<T>[] {
  const groups: MarkerGroup<T>[] = points.map((p) => ({
    items: [p.item],
    count: p.count,
    x: p.x,
    y: p.y,
    kind: p.pin ? 'pin' : 'bubble',
    reach: p.pin ?? o.bubble(p.count),
  }));
  let changed = true;
  while (changed) {
    changed = false;
    for (let i = 0; i < groups.length; i++) {
      for (let j = i + 1; j < groups.length; j++) {
        if (!overlaps(groups[i]!, groups[j]!, o.gap)) continue;
        groups[i] = merged(groups[i]!, groups[j]!, o);
        groups.splice(j, 1);
        changed = true;
        // The grown marker may now reach ones it missed before: look at them all again.
        j = i;
      }
    }
  }
  return groups;
}

/**
 * The lowest zoom above `from` (up to `max`) at which `members` no longer form a single marker,
 * or null when even the closest zoom keeps them together (the same building): then the bubble
 * opens a list instead of zooming.
 */
export function zoomThatSeparates<T>(
  members: readonly T[],
  pointAt: (item: T, zoom: number) => MarkerPoint<T>,
  from: number,
  max: number,
  o: GroupingOptions,
): number | null {
  if (members.length < 2) return null;
  for (let zoom = Math.floor(from) + 1; zoom <= max; zoom++) {
    const groups = groupMarkers(
      members.map((m) => pointAt(m, zoom)),
      o,
    );
    if (groups.length > 1) return zoom;
  }
  return null;
}

/**
 * Where a bubble's tap takes the map: as close as all of its shops still fit on screen
 * (`fits`), so they spread as far apart as they can, but at least to where they separate
 * (`separates`, when known) and at least one level in; never past `max`.
 */
export function zoomTarget(
  current: number,
  separates: number | null,
  fits: number,
  max: number,
): number {
  return Math.min(max, Math.max(current + 1, separates ?? current + 1, fits));
}
