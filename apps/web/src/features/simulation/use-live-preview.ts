import { useCallback, useEffect, useRef, useState } from 'react';
import { analyseHair, type HairFields, type Rgba } from '@carol/color';
import { fetchHairMask } from './api';
import { createPreviewRenderer, type PreviewRenderer } from './live-preview';
import type { PreparedPhoto } from './photo';

/** Decoded pixels of an image blob, exactly as stored (no colour management). */
async function readPixels(blob: Blob): Promise<Rgba> {
  const bitmap = await createImageBitmap(blob, {
    colorSpaceConversion: 'none',
    premultiplyAlpha: 'none',
  });
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
  return { data, width, height };
}

/** analyseHair in a worker (live-preview.worker.ts); here when the browser cannot start one. */
async function analyseOffThread(
  photo: Rgba,
  mask: Uint8Array,
  signal: AbortSignal,
): Promise<HairFields | null> {
  if (typeof Worker !== 'function') return analyseHair(photo, mask);
  const worker = new Worker(new URL('./live-preview.worker.ts', import.meta.url), {
    type: 'module',
  });
  try {
    return await new Promise<HairFields | null>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<HairFields | null>) => resolve(event.data);
      worker.onerror = reject;
      signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
      // A copy of the photo's bytes goes over; the canvas keeps the original for drawing.
      worker.postMessage({ photo, mask }, [mask.buffer]);
    });
  } finally {
    worker.terminate();
  }
}

/**
 * The live colour preview of a photo (live-preview.ts): once `enabled` (the face is found), the
 * hair matte is fetched in the background, once per photo; the call is cancelled when the photo
 * changes or the screen closes. Without it (an error, no hair, an old browser) there is simply no
 * preview: the service's image still comes. `draw` paints at most once per frame, the latest
 * colour and strength asked for.
 */
export function useLivePreview(photo: PreparedPhoto | null, enabled: boolean) {
  const [renderer, setRenderer] = useState<PreviewRenderer | null>(null);
  /** Whether the canvas holds a picture yet (until then it must not be shown). */
  const [hasDrawn, setHasDrawn] = useState(false);
  const wanted = useRef<{ hex: string; strength: number } | null>(null);
  const frame = useRef(0);

  useEffect(() => {
    if (!photo || !enabled) return;
    const controller = new AbortController();
    let made: PreviewRenderer | null = null;
    void (async () => {
      try {
        const [maskBlob, pixels] = await Promise.all([
          fetchHairMask(photo.blob, controller.signal),
          readPixels(photo.blob),
        ]);
        const mask = await readPixels(maskBlob);
        if (controller.signal.aborted) return;
        if (mask.width !== pixels.width || mask.height !== pixels.height) return;
        const grey = new Uint8Array(mask.width * mask.height);
        for (let i = 0; i < grey.length; i++) grey[i] = mask.data[4 * i]!;
        const fields = await analyseOffThread(pixels, grey, controller.signal);
        if (!fields || controller.signal.aborted) return;
        made = createPreviewRenderer(pixels, fields);
        setRenderer(made);
      } catch {
        // No preview for this photo; the service's result is what counts anyway.
      }
    })();
    return () => {
      controller.abort();
      cancelAnimationFrame(frame.current);
      frame.current = 0;
      made?.dispose();
      setRenderer(null);
      setHasDrawn(false);
    };
  }, [photo, enabled]);

  const draw = useCallback(
    (hex: string, strength: number) => {
      wanted.current = { hex, strength };
      if (!renderer || frame.current) return;
      frame.current = requestAnimationFrame(() => {
        frame.current = 0;
        if (!wanted.current) return;
        renderer.draw(wanted.current.hex, wanted.current.strength);
        setHasDrawn(true);
      });
    },
    [renderer],
  );

  return { renderer, hasDrawn, draw };
}
