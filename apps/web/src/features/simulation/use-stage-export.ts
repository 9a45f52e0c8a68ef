import { useImperativeHandle, useRef, type Ref } from 'react';
import type { Stage as StageNode } from 'konva/lib/Stage';
import type { Transformer as TransformerNode } from 'konva/lib/shapes/Transformer';
import { HANDLE_ROOM } from './stage-frame';

/** What the screen can ask of the stage. */
export interface StyleStageHandle {
  /** The photo with the overlay as placed, at the photo's own resolution (no transformer). */
  toBlob: () => Promise<Blob>;
  /** Puts the overlay back where the automatic placement put it. */
  resetPlacement: () => void;
}

interface StageExportInput {
  /** Stage pixels per photo pixel, and the photo's size on screen. */
  scale: number;
  width: number;
  height: number;
  resetPlacement: () => void;
}

/**
 * The stage's handle for the screen's save and share: the photo with the overlay drawn at the
 * photo's own resolution, without the transformer, the band around the photo or its rounded
 * corners (`exporting` is true while it draws).
 */
export function useStageExport(
  ref: Ref<StyleStageHandle> | undefined,
  { scale, width, height, resetPlacement }: StageExportInput,
) {
  const stageRef = useRef<StageNode>(null);
  const transformerRef = useRef<TransformerNode>(null);
  /** True while the export draws: the photo's rounded corners are the screen's, not the file's. */
  const exporting = useRef(false);

  useImperativeHandle(
    ref,
    () => ({
      toBlob: async () => {
        const stage = stageRef.current;
        const transformer = transformerRef.current;
        if (!stage || scale === 0) throw new Error('The stage is not ready');
        transformer?.visible(false);
        exporting.current = true;
        try {
          // Only the photo, not the band around it for the handles.
          const blob = await stage.toBlob({
            x: HANDLE_ROOM.left,
            y: HANDLE_ROOM.top,
            width,
            height,
            pixelRatio: 1 / scale,
            mimeType: 'image/jpeg',
            quality: 0.92,
          });
          if (!(blob instanceof Blob)) throw new Error('No image');
          return blob;
        } finally {
          exporting.current = false;
          transformer?.visible(true);
          transformer?.getLayer()?.batchDraw();
        }
      },
      resetPlacement,
    }),
    [scale, width, height, resetPlacement],
  );

  return { stageRef, transformerRef, exporting };
}
