import { useEffect, useMemo, useState } from 'react';
import type { SimulationLandmark } from '../../lib/stores/simulation.store';
import { anchorOrFallback, type OverlayAnchor } from './placement';
import { hairBase, hairShape, photoLight, tinted, type OverlayLight } from './stage-pixels';
import type { StyleBase } from './use-hairstyle';

/** An image decoded from a URL, or null until it has loaded (or while the URL changes). */
function useLoadedImage(url: string | null, crossOrigin = false) {
  const [loaded, setLoaded] = useState<{ url: string; image: HTMLImageElement } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    const image = new window.Image();
    if (crossOrigin) image.crossOrigin = 'anonymous';
    image.decoding = 'async';
    image.onload = () => {
      if (live) setLoaded({ url, image });
    };
    image.src = url;
    return () => {
      live = false;
      image.onload = null;
    };
  }, [url, crossOrigin]);
  return loaded && loaded.url === url ? loaded.image : null;
}

interface OverlayImagesInput {
  photo: { url: string };
  base: StyleBase;
  overlay: { url: string; anchor: OverlayAnchor | null } | null;
  tintHex: string | null;
  landmark: SimulationLandmark | null;
}

/**
 * What the hairstyle stage draws, loaded and prepared: the base and the original photo, the
 * overlay (tinted toward the chosen colour and lit like the photo's face), the hair's shape on
 * the overlay (its box is the crop) and, on the bald photo, the person's own hair under the style.
 */
export function useOverlayImages({ photo, base, overlay, tintHex, landmark }: OverlayImagesInput) {
  const baseImage = useLoadedImage(base.url);
  const originalImage = useLoadedImage(photo.url);
  const overlayImage = useLoadedImage(overlay?.url ?? null, true);
  const shape = useMemo(
    () => (overlay && overlayImage ? hairShape(overlayImage, overlay.url) : null),
    [overlay, overlayImage],
  );
  const crop = shape?.bounds ?? null;
  // The photo's side light shades the hair (lit side lighter, shadow side darker).
  const light = useMemo(
    () => (originalImage && landmark ? photoLight(originalImage, photo.url, landmark) : null),
    [originalImage, photo.url, landmark],
  );
  const overlaySource = useMemo(() => {
    if (!overlay || !overlayImage) return null;
    let lit: OverlayLight | null = null;
    if (light && light.x !== 0 && crop) {
      const anchor = anchorOrFallback(
        overlay.anchor,
        overlayImage.naturalWidth,
        overlayImage.naturalHeight,
      );
      const centreX =
        ((anchor.leftTemple[0] + anchor.rightTemple[0]) / 2) *
        (overlayImage.naturalWidth / anchor.board.width);
      const halfWidth = Math.max(centreX - crop.x, crop.x + crop.width - centreX);
      lit = { light, centreX, halfWidth };
    }
    if (!tintHex && !lit) return overlayImage;
    return tinted(overlayImage, overlay.url, tintHex, lit) ?? overlayImage;
  }, [overlay, overlayImage, tintHex, light, crop]);
  const scalpImage = useLoadedImage(base.kind === 'bald' ? base.scalpUrl : null);
  const scalpKey = base.kind === 'bald' ? `${photo.url}|${base.scalpUrl}` : null;
  const baseHairColour = tintHex ?? shape?.colour ?? null;
  const hairUnder = useMemo(
    () =>
      scalpKey && scalpImage && originalImage && baseHairColour
        ? hairBase(originalImage, scalpImage, scalpKey, baseHairColour)
        : null,
    [scalpKey, scalpImage, originalImage, baseHairColour],
  );
  return { baseImage, originalImage, overlayImage, shape, crop, overlaySource, hairUnder };
}
