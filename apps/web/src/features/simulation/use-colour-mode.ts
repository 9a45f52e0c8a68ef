import { useEffect, useRef, useState } from 'react';
import type { HairColor } from '@carol/contracts';
import { useHomeStore } from '../../lib/stores/home.store';
import { ResultCache } from './result-cache';
import { useLivePreview } from './use-live-preview';
import { DEFAULT_STRENGTH, type useSimulation } from './use-simulation';

interface ColourModeInput {
  sim: ReturnType<typeof useSimulation>;
  /** Colour mode is on screen (the live preview is shown only there). */
  isColorMode: boolean;
  /** The palette, and the colour the home page asked for (/simulation?color=ID), if any. */
  palette: readonly HairColor[] | undefined;
  requestedId: number | null;
  /** A colour was chosen (its coach mark has done its work). */
  onColorChosen: () => void;
}

/**
 * Colour mode: the chosen colour and its strength applied to the photo by the service, the live
 * preview drawn in the browser meanwhile, and the home page's requested colour applied once.
 */
export function useColourMode({
  sim,
  isColorMode,
  palette,
  requestedId,
  onColorChosen,
}: ColourModeInput) {
  const selected = sim.selected;
  const faceFound = sim.face.status === 'found';
  const [strength, setStrength] = useState(DEFAULT_STRENGTH);
  const strengthTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const appliedRequest = useRef(false);

  // The live preview: the chosen colour and strength drawn in the browser at once, until the
  // service's image of exactly them is shown (or its call failed).
  const livePreview = useLivePreview(sim.photo, faceFound);
  const chosenKey = selected ? ResultCache.keyOf(selected.hex, strength) : null;
  const awaitsResult =
    chosenKey !== null && sim.shown?.key !== chosenKey && sim.failedKey !== chosenKey;
  const { draw: drawPreview } = livePreview;
  useEffect(() => {
    if (selected && awaitsResult) drawPreview(selected.hex, strength);
  }, [selected, strength, awaitsResult, drawPreview]);
  const preview = isColorMode && awaitsResult && livePreview.hasDrawn ? livePreview.renderer : null;

  // From the home page's hot colours (/simulation?color=ID): apply it once the face is found.
  useEffect(() => {
    if (!faceFound || appliedRequest.current || !requestedId || !palette) return;
    appliedRequest.current = true;
    const color = palette.find((c) => c.color_id === requestedId);
    if (!color) return;
    useHomeStore.getState().patch({ simulationType: 'color', simulationData: color });
    void sim.applyColor(color, strength);
  }, [faceFound, requestedId, palette, sim, strength]);

  useEffect(() => () => clearTimeout(strengthTimer.current), []);

  /** A new strength re-applies the chosen colour once the thumb rests for a moment. */
  const changeStrength = (value: number) => {
    setStrength(value);
    clearTimeout(strengthTimer.current);
    const color = selected;
    if (!color) return;
    strengthTimer.current = setTimeout(() => void sim.applyColor(color, value), 350);
  };

  const select = (color: HairColor | null) => {
    if (color) onColorChosen();
    clearTimeout(strengthTimer.current);
    void sim.applyColor(color, strength);
  };

  /** A new photo: the requested colour is applied again once its face is found. */
  const requestAgain = () => {
    appliedRequest.current = false;
  };

  return { strength, changeStrength, select, preview, requestAgain };
}
