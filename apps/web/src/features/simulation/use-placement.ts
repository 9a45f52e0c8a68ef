import { useCallback, useEffect, useRef, useState } from 'react';
import type { Group as GroupNode } from 'konva/lib/Group';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import {
  anchorOrFallback,
  placeOverlaySplit,
  unsplit,
  type OverlayAnchor,
  type SplitPlacement,
} from './placement';

interface PlacementInput {
  photo: { width: number; height: number };
  /** The chosen style: its key starts the placement over, its anchor places it on the face. */
  overlay: { key: string; anchor: OverlayAnchor | null } | null;
  overlayImage: HTMLImageElement | null;
  /** Where the hair ends in each column of the overlay, when readable (see `hairShape`). */
  bottoms: Int32Array | null;
  landmark: SimulationLandmark | null;
  onEdit: () => void;
}

/**
 * Where the overlay sits on the photo: placed automatically on the face when a style (or its
 * image) arrives, then as the user drags, resizes and turns it (`readNode` reads the Konva group
 * back), and put back where the automatic placement put it (`resetPlacement`).
 */
export function usePlacement({
  photo,
  overlay,
  overlayImage,
  bottoms,
  landmark,
  onEdit,
}: PlacementInput) {
  const overlayRef = useRef<GroupNode>(null);
  const [placement, setPlacement] = useState<SplitPlacement | null>(null);
  const placedFor = useRef<string | null>(null);

  const autoPlacement = useCallback((): SplitPlacement | null => {
    if (!overlay || !overlayImage) return null;
    const size = { width: overlayImage.naturalWidth, height: overlayImage.naturalHeight };
    const anchor = anchorOrFallback(overlay.anchor, size.width, size.height);
    if (landmark) {
      const { points, rotation } = landmark.landmark;
      const placed = placeOverlaySplit(
        anchor,
        size,
        { image: landmark.image, ...points, yaw: rotation.yaw, roll: rotation.roll },
        photo,
        bottoms ?? undefined,
      );
      if (placed) return placed;
    }
    // No face to go by: centred on the top half of the photo, 80 % of its width.
    const s = (photo.width * 0.8) / size.width;
    const centreX =
      ((anchor.leftTemple[0] + anchor.rightTemple[0]) / 2) * (size.width / anchor.board.width);
    return unsplit(
      { x: photo.width * 0.1, y: photo.height * 0.05, rotation: 0, scale: s },
      centreX,
    );
  }, [overlay, overlayImage, bottoms, landmark, photo]);

  // A new style (or its image arriving): the automatic placement.
  useEffect(() => {
    if (!overlay || !overlayImage) return;
    const key = `${overlay.key}|${landmark ? 'face' : 'none'}`;
    if (placedFor.current === key) return;
    placedFor.current = key;
    setPlacement(autoPlacement());
  }, [overlay, overlayImage, landmark, autoPlacement]);

  const resetPlacement = useCallback(() => {
    setPlacement(autoPlacement());
    onEdit();
  }, [autoPlacement, onEdit]);

  /** Reads the overlay group back after a drag or transform (Konva moved it itself). */
  const readNode = () => {
    const node = overlayRef.current;
    if (!node || !placement) return;
    setPlacement({
      ...placement,
      x: node.x(),
      y: node.y(),
      rotation: node.rotation(),
      scale: node.scaleX(),
    });
    onEdit();
  };

  return { overlayRef, placement, setPlacement, resetPlacement, readNode };
}
