import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Group as GroupNode } from 'konva/lib/Group';
import type { Stage as StageNode } from 'konva/lib/Stage';
import {
  pinchPlacement,
  splitPlacedBox,
  type Box,
  type Point,
  type SplitPlacement,
} from './placement';
import { HANDLE_ROOM, MAX_OVERLAY_PHOTOS, MIN_OVERLAY_WIDTH } from './stage-frame';

/**
 * Hold to compare: while the photo (not the overlay) is pressed, or space or Enter held on the
 * stage, the original is shown; letting go anywhere ends it.
 */
export function useHoldCompare() {
  const [isHolding, setHolding] = useState(false);
  const stopHolding = useCallback(() => setHolding(false), []);
  useEffect(() => {
    if (!isHolding) return;
    window.addEventListener('pointerup', stopHolding);
    window.addEventListener('pointercancel', stopHolding);
    return () => {
      window.removeEventListener('pointerup', stopHolding);
      window.removeEventListener('pointercancel', stopHolding);
    };
  }, [isHolding, stopHolding]);
  return { isHolding, setHolding, stopHolding };
}

interface PinchInput {
  stageRef: RefObject<StageNode | null>;
  overlayRef: RefObject<GroupNode | null>;
  /** Stage pixels per photo pixel, and the photo's width on screen. */
  scale: number;
  width: number;
  placement: SplitPlacement | null;
  setPlacement: (placement: SplitPlacement) => void;
  crop: Box | null;
  /** The overlay is shown and editable (not while the photo is split). */
  isEnabled: boolean;
  /** The pinch began: a compare the first finger started ends. */
  onStart: () => void;
  onEdit: () => void;
}

/**
 * Two fingers anywhere on the stage resize, turn and move the overlay together, as a phone user
 * expects of a sticker; it also reaches an overlay whose handles lie past the canvas (an
 * extreme close-up). The size limits are the transformer's.
 */
export function usePinch({
  stageRef,
  overlayRef,
  scale,
  width,
  placement,
  setPlacement,
  crop,
  isEnabled,
  onStart,
  onEdit,
}: PinchInput) {
  /** A two-finger gesture under way: the placement and the touches (photo pixels) it began with. */
  const pinch = useRef<{ start: SplitPlacement; from: [Point, Point] } | null>(null);

  /** The first two touches of a touch event in photo pixels (the stage's own units). */
  const touchPair = (event: TouchEvent): [Point, Point] | null => {
    const content = stageRef.current?.content;
    const [a, b] = [event.touches[0], event.touches[1]];
    if (!content || !a || !b || scale === 0) return null;
    const rect = content.getBoundingClientRect();
    const at = (touch: Touch): Point => [
      (touch.clientX - rect.left - HANDLE_ROOM.left) / scale,
      (touch.clientY - rect.top - HANDLE_ROOM.top) / scale,
    ];
    return [at(a), at(b)];
  };

  const pinchMove = (event: TouchEvent) => {
    const pair = event.touches.length >= 2 ? touchPair(event) : null;
    if (!pair || !isEnabled || !placement || !crop) return;
    event.preventDefault();
    overlayRef.current?.stopDrag();
    if (!pinch.current) {
      // The first finger may have started a drag or a compare: the pinch takes over from there.
      onStart();
      const node = overlayRef.current;
      const start = node
        ? {
            ...placement,
            x: node.x(),
            y: node.y(),
            rotation: node.rotation(),
            scale: node.scaleX(),
          }
        : placement;
      pinch.current = { start, from: pair };
      return;
    }
    const { start, from } = pinch.current;
    const across = splitPlacedBox(start, crop).width * scale;
    if (across < 1e-9) return;
    setPlacement(
      pinchPlacement(start, from, pair, {
        minScale: (start.scale * MIN_OVERLAY_WIDTH) / across,
        maxScale: (start.scale * width * MAX_OVERLAY_PHOTOS) / across,
      }),
    );
  };

  const pinchEnd = (event: TouchEvent) => {
    if (!pinch.current || event.touches.length >= 2) return;
    pinch.current = null;
    onEdit();
  };

  return { pinchMove, pinchEnd };
}
