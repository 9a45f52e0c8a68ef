import { useEffect, useRef, type RefObject } from 'react';
// Konva's core and only the two shapes used: this chunk is loaded when hairstyle mode opens.
import 'konva/lib/Core';
import 'konva/lib/shapes/Image';
import 'konva/lib/shapes/Transformer';
import type { Group as GroupNode } from 'konva/lib/Group';
import type { Image as ImageNode } from 'konva/lib/shapes/Image';
import type { Transformer as TransformerNode } from 'konva/lib/shapes/Transformer';
import type { Stage as StageNode } from 'konva/lib/Stage';
import {
  Group,
  Image as KonvaImage,
  Layer,
  Stage,
  Transformer,
} from 'react-konva/lib/ReactKonvaCore';
import type { Box, SplitPlacement, Strip } from './placement';
import {
  HANDLE_ROOM,
  MAX_OVERLAY_PHOTOS,
  MIN_OVERLAY_WIDTH,
  roundedRect,
  TRANSFORMER_DEFAULTS,
} from './stage-frame';
import { HIT_ALPHA } from './stage-pixels';
import styles from './simulation.module.css';

interface StyleCanvasProps {
  stageRef: RefObject<StageNode | null>;
  overlayRef: RefObject<GroupNode | null>;
  transformerRef: RefObject<TransformerNode | null>;
  /** True while the export draws (no rounded corners). */
  exporting: RefObject<boolean>;
  photo: { width: number; height: number };
  /** The photo's size on screen (CSS pixels) and stage pixels per photo pixel. */
  width: number;
  height: number;
  scale: number;
  cornerRadius: number;
  /** The image under the overlay: the base, or the original while comparing. */
  shownBase: HTMLImageElement | null;
  /** The person's own hair in the style's colour under the style, or null. */
  hairUnder: HTMLCanvasElement | null;
  overlaySource: HTMLImageElement | HTMLCanvasElement | null;
  placement: SplitPlacement | null;
  /** The hair's box on the overlay, and its strips (null while no overlay is shown). */
  crop: Box | null;
  strips: Strip[] | null;
  /** The original is shown (hold to compare): no overlay. */
  isHolding: boolean;
  /** The overlay can be dragged and the transformer holds it. */
  isEditing: boolean;
  rotateAngle: number;
  /** The photo around the overlay was pressed. */
  onPressPhoto: () => void;
  onTouchMove: (event: TouchEvent) => void;
  onTouchEnd: (event: TouchEvent) => void;
  /** The overlay was dragged or transformed. */
  onMoved: () => void;
}

/**
 * The hairstyle canvas: the base photo, the person's own hair under the style, the overlay's
 * strips in one group and the transformer that holds it, clipped to the photo's rounded box. The
 * stage is drawn once the photo box has a width.
 */
export function StyleCanvas({
  stageRef,
  overlayRef,
  transformerRef,
  exporting,
  photo,
  width,
  height,
  scale,
  cornerRadius,
  shownBase,
  hairUnder,
  overlaySource,
  placement,
  crop,
  strips,
  isHolding,
  isEditing,
  rotateAngle,
  onPressPhoto,
  onTouchMove,
  onTouchEnd,
  onMoved,
}: StyleCanvasProps) {
  /** The overlay's strips (see `splitStrips`), left to right. */
  const stripRefs = useRef<(ImageNode | null)[]>([]);

  // Only the hair itself is the overlay's handle (its transparent board is not): pressing the
  // face or the background compares, as in colour mode. The strips' crops: their hit areas are
  // cached again when they change.
  const stripKey =
    strips
      ?.map((s) => `${s.crop.x}:${s.crop.y}:${s.crop.width}:${s.crop.height}:${s.scaleY}`)
      .join(',') ?? '';
  useEffect(() => {
    if (!isEditing) return;
    const nodes = stripRefs.current.filter((node): node is ImageNode => node !== null);
    for (const node of nodes) {
      node.cache();
      node.drawHitFromCache(HIT_ALPHA);
    }
    nodes[0]?.getLayer()?.batchDraw();
    return () => {
      for (const node of nodes) node.clearCache();
    };
  }, [isEditing, overlaySource, crop, stripKey]);

  // The transformer holds the overlay while it is shown.
  useEffect(() => {
    const transformer = transformerRef.current;
    if (!transformer) return;
    transformer.nodes(isEditing && overlayRef.current ? [overlayRef.current] : []);
    transformer.getLayer()?.batchDraw();
  }, [isEditing, overlaySource, placement, width, transformerRef, overlayRef]);

  if (width === 0) return null;
  return (
    <Stage
      ref={stageRef}
      className={styles.konva}
      width={width + HANDLE_ROOM.left + HANDLE_ROOM.right}
      height={height + HANDLE_ROOM.top + HANDLE_ROOM.bottom}
      x={HANDLE_ROOM.left}
      y={HANDLE_ROOM.top}
      scaleX={scale}
      scaleY={scale}
      onPointerDown={(e) => {
        // The photo around the overlay compares; the overlay itself is dragged.
        if (e.target === e.target.getStage() || e.target.name() === 'base') onPressPhoto();
      }}
      onTouchStart={(e) => onTouchMove(e.evt)}
      onTouchMove={(e) => onTouchMove(e.evt)}
      onTouchEnd={(e) => onTouchEnd(e.evt)}
      onTouchCancel={(e) => onTouchEnd(e.evt)}
    >
      <Layer>
        {/* The photo and the hair, clipped to the photo's rounded box. */}
        <Group
          clipFunc={(ctx) =>
            roundedRect(
              ctx,
              photo.width,
              photo.height,
              exporting.current ? 0 : cornerRadius / (scale || 1),
            )
          }
        >
          {shownBase && (
            <KonvaImage name="base" image={shownBase} width={photo.width} height={photo.height} />
          )}
          {placement && strips && !isHolding && hairUnder && (
            // The person's own hair, in the style's colour, where the bald photo shows
            // bare scalp that the style does not cover.
            <KonvaImage
              name="hair-under"
              image={hairUnder}
              width={photo.width}
              height={photo.height}
              listening={false}
            />
          )}
          {placement && strips && !isHolding && (
            <Group
              ref={overlayRef}
              name="overlay-group"
              x={placement.x}
              y={placement.y}
              rotation={placement.rotation}
              scaleX={placement.scale}
              scaleY={placement.scale}
              draggable={isEditing}
              onDragEnd={onMoved}
              onTransformEnd={onMoved}
            >
              {strips.map((strip, index) => (
                <KonvaImage
                  key={index}
                  ref={(node) => {
                    stripRefs.current[index] = node;
                  }}
                  name="overlay"
                  image={overlaySource ?? undefined}
                  crop={strip.crop}
                  width={strip.crop.width}
                  height={strip.crop.height}
                  x={strip.x}
                  y={strip.y}
                  scaleX={strip.scaleX}
                  scaleY={strip.scaleY}
                  onMouseEnter={(e) => {
                    const container = e.target.getStage()?.container();
                    if (container) container.style.cursor = 'move';
                  }}
                  onMouseLeave={(e) => {
                    const container = e.target.getStage()?.container();
                    if (container) container.style.cursor = '';
                  }}
                />
              ))}
            </Group>
          )}
        </Group>
        <Transformer
          ref={transformerRef}
          {...TRANSFORMER_DEFAULTS}
          enabledAnchors={[...TRANSFORMER_DEFAULTS.enabledAnchors]}
          rotationSnaps={[...TRANSFORMER_DEFAULTS.rotationSnaps]}
          rotateAnchorAngle={rotateAngle}
          flipEnabled={false}
          borderStroke="#ffffff"
          borderStrokeWidth={1.5}
          borderDash={[6, 4]}
          anchorStroke="#a3264f"
          anchorStrokeWidth={2}
          anchorFill="#ffffff"
          anchorCornerRadius={5}
          boundBoxFunc={(previous, next) =>
            Math.abs(next.width) < MIN_OVERLAY_WIDTH ||
            Math.abs(next.width) > width * MAX_OVERLAY_PHOTOS
              ? previous
              : next
          }
        />
      </Layer>
    </Stage>
  );
}
