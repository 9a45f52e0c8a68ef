import { useCallback, useEffect, useRef, useState } from 'react';
import type { HairColor, PhotoCheck } from '@carol/contracts';
import { isAbortError } from '../../lib/api/api-error';
import { useSimulationStore } from '../../lib/stores/simulation.store';
import { detectFace, recolorHair } from './api';
import { preparePhoto, type PreparedPhoto } from './photo';
import { ResultCache } from './result-cache';

export type FaceStatus =
  | { status: 'idle' }
  | { status: 'preparing' }
  | { status: 'detecting' }
  /**
   * `findings`: what the service's photo check says will not work well (ADR 037); the screen
   * shows them until the person retakes the photo or goes on anyway (`acknowledged`).
   */
  /**
   * `hairBelowChin`: how far the person's own hair reaches below the chin, in face heights (the
   * check's measure; null without the hair network).
   */
  | {
      status: 'found';
      findings: PhotoFinding[];
      acknowledged: boolean;
      hairBelowChin: number | null;
    }
  /** `error` is what the screen turns into a message (FACE_RECOGNITION_FAILED or another). */
  | { status: 'failed'; error: unknown };

export interface ShownResult {
  key: string;
  color: HairColor;
  strength: number;
  url: string;
  blob: Blob;
}

export type PhotoFinding = PhotoCheck['findings'][number];

export const DEFAULT_STRENGTH = 1;

/**
 * The try-on's state: the photo (downscaled once, sent as is to every ML call), the face check,
 * and the recoloured results. Tapping another colour cancels the call still running; results are
 * cached per colour and strength for the photo's lifetime.
 */
export function useSimulation(options: { onRecolorError: (error: unknown) => void }) {
  const [photo, setPhoto] = useState<PreparedPhoto | null>(null);
  const [face, setFace] = useState<FaceStatus>({ status: 'idle' });
  const [shown, setShown] = useState<ShownResult | null>(null);
  const [pending, setPending] = useState<{ key: string; color: HairColor } | null>(null);
  /** The colour and strength whose last call failed (the live preview of it is taken down). */
  const [failedKey, setFailedKey] = useState<string | null>(null);
  const cache = useRef(new ResultCache());
  const photoRef = useRef<PreparedPhoto | null>(null);
  const detectCall = useRef<AbortController | null>(null);
  const recolorCall = useRef<AbortController | null>(null);
  const onError = useRef(options.onRecolorError);
  useEffect(() => {
    onError.current = options.onRecolorError;
  });
  /** The colour the user chose (null: the original), shown or still on its way. */
  const [selected, setSelected] = useState<HairColor | null>(null);
  const setStorePhoto = useSimulationStore((s) => s.setPhoto);
  const setLandmark = useSimulationStore((s) => s.setLandmark);

  const cancelCalls = () => {
    detectCall.current?.abort();
    recolorCall.current?.abort();
    detectCall.current = null;
    recolorCall.current = null;
  };

  // Leaving the screen: stop the calls and free every image this photo produced.
  useEffect(
    () => () => {
      cancelCalls();
      cache.current.clear();
      if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
      photoRef.current = null;
      useSimulationStore.getState().reset();
    },
    [],
  );

  const choosePhoto = useCallback(
    async (file: Blob) => {
      cancelCalls();
      cache.current.clear();
      setShown(null);
      setPending(null);
      setSelected(null);
      if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
      photoRef.current = null;
      setPhoto(null);
      setStorePhoto(null);
      setFace({ status: 'preparing' });
      let prepared: PreparedPhoto;
      try {
        prepared = await preparePhoto(file);
      } catch (error) {
        setFace({ status: 'failed', error });
        return;
      }
      photoRef.current = prepared;
      setPhoto(prepared);
      setStorePhoto(prepared.url);
      setFace({ status: 'detecting' });
      const controller = new AbortController();
      detectCall.current = controller;
      try {
        const { landmark, check } = await detectFace(prepared.blob, controller.signal);
        if (controller.signal.aborted) return;
        setLandmark(landmark);
        setFace({
          status: 'found',
          findings: check.findings,
          acknowledged: check.findings.length === 0,
          hairBelowChin: check.measures.hairBelowChin,
        });
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) return;
        setFace({ status: 'failed', error });
      } finally {
        if (detectCall.current === controller) detectCall.current = null;
      }
    },
    [setLandmark, setStorePhoto],
  );

  /** Shows the colour (null: the original photo), from the cache or the ML service. */
  const applyColor = useCallback(async (color: HairColor | null, strength: number) => {
    setSelected(color);
    setFailedKey(null);
    const current = photoRef.current;
    recolorCall.current?.abort();
    recolorCall.current = null;
    if (!current || color === null) {
      setPending(null);
      setShown(null);
      return;
    }
    const key = ResultCache.keyOf(color.hex, strength);
    const cached = cache.current.get(key);
    if (cached) {
      setPending(null);
      setShown({ key, color, strength, ...cached });
      return;
    }
    const controller = new AbortController();
    recolorCall.current = controller;
    setPending({ key, color });
    try {
      const blob = await recolorHair(current.blob, color.hex, strength, controller.signal);
      if (controller.signal.aborted || photoRef.current !== current) return;
      const entry = { blob, url: URL.createObjectURL(blob) };
      cache.current.set(key, entry);
      setShown({ key, color, strength, ...entry });
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) return;
      setFailedKey(key);
      onError.current(error);
    } finally {
      if (recolorCall.current === controller) {
        recolorCall.current = null;
        setPending(null);
      }
    }
  }, []);

  /** "Continue anyway": the photo check's notice goes, the try-on opens. */
  const acknowledgeCheck = useCallback(() => {
    setFace((current) =>
      current.status === 'found' ? { ...current, acknowledged: true } : current,
    );
  }, []);

  const clearPhoto = useCallback(() => {
    cancelCalls();
    cache.current.clear();
    if (photoRef.current) URL.revokeObjectURL(photoRef.current.url);
    photoRef.current = null;
    setPhoto(null);
    setShown(null);
    setPending(null);
    setSelected(null);
    setFace({ status: 'idle' });
    useSimulationStore.getState().reset();
  }, []);

  return {
    photo,
    face,
    selected,
    shown,
    pending,
    failedKey,
    choosePhoto,
    applyColor,
    acknowledgeCheck,
    clearPhoto,
  };
}
