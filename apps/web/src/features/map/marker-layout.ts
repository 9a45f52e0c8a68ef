import { bubbleDiameter } from './geo';
import type { GroupingOptions, Reach } from './grouping';

/** A price pin's box stands this far above its point (CSS `.pin { bottom }`); its tail fills it. */
export const pinLift = 6;

/**
 * Clear space between two markers, in CSS pixels: wide enough that the selected pin, drawn
 * 6 % larger, does not reach its neighbours, and that a finger aimed at one lands on it.
 */
export const markerGap = 6;

/** The reach of a pin of `width` × `height`: centred over its point, hanging above it. */
export function pinReach(width: number, height: number): Reach {
  return { left: width / 2, right: width / 2, up: height + pinLift, down: 0 };
}

/** Half of a bubble's soft ring (CSS `.cluster` box-shadow), kept clear of its neighbours. */
const bubbleRing = 3;

export const groupingOptions: GroupingOptions = {
  bubble: (count) => {
    const r = bubbleDiameter(count) / 2 + bubbleRing;
    return { left: r, right: r, up: r, down: r };
  },
  gap: markerGap,
};

/**
 * The rendered size of a price pin for each label, measured in `host` (the map container, so
 * the pin's class, font and language apply exactly as on the map) in one layout pass.
 */
export function measurePins(
  host: HTMLElement,
  className: string,
  labels: Iterable<string>,
): Map<string, { width: number; height: number }> {
  const unique = [...new Set(labels)];
  const sizes = new Map<string, { width: number; height: number }>();
  if (unique.length === 0) return sizes;
  const box = document.createElement('div');
  box.setAttribute('aria-hidden', 'true');
  box.style.cssText =
    'position:absolute;left:0;top:0;width:0;height:0;overflow:visible;visibility:hidden;pointer-events:none';
  const spans = unique.map((label) => {
    const span = document.createElement('span');
    span.className = className;
    span.textContent = label;
    box.append(span);
    return span;
  });
  host.append(box);
  unique.forEach((label, i) => {
    const r = spans[i]!.getBoundingClientRect();
    sizes.set(label, { width: Math.ceil(r.width), height: Math.ceil(r.height) });
  });
  box.remove();
  return sizes;
}
