import { useEffect, useState, type RefObject } from 'react';
import type { Context } from 'konva/lib/Context';
import type { Box, SplitPlacement } from './placement';

/** Spec 9: the canvas transformer's defaults. */
export const TRANSFORMER_DEFAULTS = {
  anchorSize: 10,
  rotateAnchorOffset: 50,
  rotationSnapTolerance: 5,
  keepRatio: true,
  rotationSnaps: [0, 90, 180, 270],
  enabledAnchors: ['top-left', 'top-right', 'bottom-left', 'bottom-right'],
} as const;

/**
 * Room around the photo (CSS pixels) where the transformer's handles can still be seen and
 * grabbed when the hair reaches past the photo's edges (the hair itself is clipped to the
 * photo). The canvas covers the photo and this band; the band lies over the screen's gaps and
 * side padding (simulation.module.css `.styleWrap`), so the sides stay within its 16 px.
 */
export const HANDLE_ROOM = { top: 36, right: 14, bottom: 20, left: 14 } as const;

/** The overlay's size limits on screen (CSS pixels across): a thumb's width, four photos. */
export const MIN_OVERLAY_WIDTH = 40;
export const MAX_OVERLAY_PHOTOS = 4;

/**
 * Where the rotate handle goes (Konva's rotateAnchorAngle: 0 top, 90 right, 180 bottom, 270
 * left): above the hair as usual, else on the first side with room for it on the canvas (the
 * photo and the band around it), so it stays reachable when the hair reaches the photo's top.
 */
export function rotateAnchorSide(
  box: Box,
  scale: number,
  photo: { width: number; height: number },
) {
  const needed = TRANSFORMER_DEFAULTS.rotateAnchorOffset + TRANSFORMER_DEFAULTS.anchorSize;
  const room: [number, number][] = [
    [0, HANDLE_ROOM.top + box.y * scale],
    [180, HANDLE_ROOM.bottom + photo.height - (box.y + box.height) * scale],
    [90, HANDLE_ROOM.right + photo.width - (box.x + box.width) * scale],
    [270, HANDLE_ROOM.left + box.x * scale],
  ];
  const fits = room.find(([, space]) => space >= needed);
  return (fits ?? room.reduce((best, side) => (side[1] > best[1] ? side : best)))[0];
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;

/** A rounded rectangle path (the photo's corners) for a clip. */
export function roundedRect(ctx: Context, width: number, height: number, radius: number) {
  const r = Math.max(0, Math.min(radius, width / 2, height / 2));
  ctx.beginPath();
  ctx.moveTo(r, 0);
  ctx.arcTo(width, 0, width, height, r);
  ctx.arcTo(width, height, 0, height, r);
  ctx.arcTo(0, height, 0, 0, r);
  ctx.arcTo(0, 0, width, 0, r);
  ctx.closePath();
}

/**
 * The stage follows the photo box's width (the box keeps the photo's aspect ratio); the box's
 * corner radius is the clip's.
 */
export function useStageSize(boxRef: RefObject<HTMLDivElement | null>) {
  const [width, setWidth] = useState(0);
  const [cornerRadius, setCornerRadius] = useState(0);
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const measure = () => {
      setWidth(box.clientWidth);
      setCornerRadius(parseFloat(getComputedStyle(box).borderTopLeftRadius) || 0);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [boxRef]);
  return { width, cornerRadius };
}

/**
 * The overlay's box (fractions of the photo) and placement as data attributes, which the browser
 * tests read.
 */
export function overlayProbe(
  box: Box | null,
  placement: SplitPlacement | null,
  photo: { width: number; height: number },
) {
  return box && placement
    ? {
        'data-overlay-box': JSON.stringify({
          x: round(box.x / photo.width),
          y: round(box.y / photo.height),
          width: round(box.width / photo.width),
          height: round(box.height / photo.height),
        }),
        'data-placement': JSON.stringify({
          x: round(placement.x),
          y: round(placement.y),
          rotation: round(placement.rotation),
          scale: round(placement.scale),
          left: round(placement.left),
          right: round(placement.right),
          leftOuter: round(placement.leftOuter),
          rightOuter: round(placement.rightOuter),
          leftDrop: round(placement.drop?.left ?? 1),
          rightDrop: round(placement.drop?.right ?? 1),
        }),
      }
    : {};
}
