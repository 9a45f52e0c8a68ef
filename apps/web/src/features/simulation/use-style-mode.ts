import { useRef, useState } from 'react';
import type { HairColor, HairResource } from '@carol/contracts';
import { useHairStyles } from './api';
import { isShorterThanOwn, ownHairLength } from './own-length';
import type { StyleGender, StyleLength } from './style-picker';
import { useHairstyle } from './use-hairstyle';
import type { useSimulation } from './use-simulation';
import type { StyleStageHandle } from './use-stage-export';

export type Mode = 'color' | 'style';

/** The hairstyle list opens on women's styles (profiles carry no gender); the picker switches. */
const DEFAULT_GENDER: StyleGender = 'w';

interface StyleModeInput {
  sim: ReturnType<typeof useSimulation>;
  initialMode: Mode;
  onBaldError: (error: unknown) => void;
  /** A colour was chosen (its coach mark has done its work). */
  onColorChosen: () => void;
}

/**
 * The mode (colour or hairstyle) and hairstyle mode's state: the style list's filters, the chosen
 * style with its bangs removal (useHairstyle), the style's colour, the stage's handle and the
 * look on screen, whose key tells a saved look from a new one.
 */
export function useStyleMode({ sim, initialMode, onBaldError, onColorChosen }: StyleModeInput) {
  const [mode, setMode] = useState<Mode>(initialMode);
  const [gender, setGender] = useState<StyleGender>(DEFAULT_GENDER);
  const [length, setLength] = useState<StyleLength | null>(null);
  const [styleColor, setStyleColor] = useState<HairColor | null>(null);
  const [editCount, setEditCount] = useState(0);
  const stageHandle = useRef<StyleStageHandle>(null);
  const [styleSplit, setStyleSplit] = useState(false);
  const hairstyle = useHairstyle({
    photo: sim.photo,
    prefetch: mode === 'style' && sim.face.status === 'found',
    onBaldError,
  });
  const hairStyles = useHairStyles(gender, mode === 'style');
  const resource = hairstyle.resource;

  /**
   * The person's own hair reaches well below the chin and stays in the photo (ADR 039): styles
   * of a similar length are suggested while none is filtered for and the chosen one is shorter.
   */
  const ownLength = ownHairLength(sim.face.status === 'found' ? sim.face.hairBelowChin : null);
  const suggestedLength =
    ownLength &&
    length !== ownLength &&
    (!resource || isShorterThanOwn(resource.length, ownLength)) &&
    hairStyles.data?.some((r) => r.length === ownLength)
      ? ownLength
      : null;

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    // The colour chosen for the photo carries over to the style's tint.
    if (next === 'style' && !resource) setStyleColor(sim.selected);
    setMode(next);
  };

  const chooseStyle = (next: HairResource | null) => {
    setEditCount(0);
    hairstyle.choose(next);
  };

  const chooseStyleColor = (color: HairColor | null) => {
    setStyleColor(color);
    if (color) onColorChosen();
  };

  const chooseGender = (next: StyleGender) => {
    setGender(next);
    setLength(null);
  };

  /** The look on screen in hairstyle mode, or null; its key tells a saved look from a new one. */
  const styleLook =
    resource && hairstyle.base
      ? {
          key: `style:${resource.resource_id}|${styleColor?.hex ?? ''}|${hairstyle.base.kind}|${editCount}`,
          name: styleColor ? `${resource.name} · ${styleColor.name}` : resource.name,
        }
      : null;

  return {
    mode,
    switchMode,
    gender,
    chooseGender,
    length,
    setLength,
    suggestedLength,
    hairstyle,
    hairStyles,
    resource,
    chooseStyle,
    styleColor,
    chooseStyleColor,
    countEdit: () => setEditCount((n) => n + 1),
    stageHandle,
    styleSplit,
    setStyleSplit,
    styleLook,
  };
}
