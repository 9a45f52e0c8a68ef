import { useCallback, useEffect, useRef, useState } from 'react';
import type { HairResource } from '@carol/contracts';
import { isAbortError } from '../../lib/api/api-error';
import { useSimulationStore } from '../../lib/stores/simulation.store';
import { removeBangs, type BaldPhoto } from './api';
import type { PreparedPhoto } from './photo';

export type BaldStatus = 'idle' | 'running' | 'done' | 'failed';

/**
 * The image under a hairstyle: the bald photo (with its scalp map, where the person's own hair
 * goes under the style) or the original.
 */
export type StyleBase =
  { url: string; kind: 'bald'; scalpUrl: string } | { url: string; kind: 'original' };

function revoke(bald: BaldPhoto) {
  URL.revokeObjectURL(bald.url);
  URL.revokeObjectURL(bald.scalpUrl);
}

/**
 * The hairstyle half of the try-on: the chosen style (store `hairResourceInfo`) and the photo
 * with its bangs removed (store `baldImage`). Spec 5: choosing a style removes the bangs first
 * when the removal feature is on — one call to the bald service per photo, cached, cancellable.
 * With `prefetch` (the hairstyle panel is open on a photo whose face was found) that call starts
 * at once, quietly, so the first style usually goes straight onto the bald photo instead of
 * waiting the second or two the removal takes (docs/decisions/020). A quiet call that fails says
 * nothing and is not repeated for the photo; choosing a style then tries again and reports.
 */
export function useHairstyle(options: {
  photo: PreparedPhoto | null;
  prefetch?: boolean;
  onBaldError: (error: unknown) => void;
}) {
  const { photo, prefetch = false } = options;
  const resource = useSimulationStore((s) => s.hairResourceInfo);
  const patch = useSimulationStore((s) => s.patch);
  const [removesBangs, setRemovesBangs] = useState(true);
  const [bald, setBald] = useState<BaldPhoto | null>(null);
  const [status, setStatus] = useState<BaldStatus>('idle');
  const call = useRef<AbortController | null>(null);
  /** Whether the call under way is a quiet prefetch (nobody waits for it yet). */
  const quiet = useRef(false);
  /** The photo whose quiet call failed: not prefetched again. */
  const prefetchFailed = useRef<PreparedPhoto | null>(null);
  const baldFor = useRef<{ photo: PreparedPhoto; bald: BaldPhoto } | null>(null);
  const onError = useRef(options.onBaldError);
  useEffect(() => {
    onError.current = options.onBaldError;
  });

  const cancel = useCallback(() => {
    call.current?.abort();
    call.current = null;
  }, []);

  // A new photo (or leaving the screen): the old bald image no longer applies.
  useEffect(
    () => () => {
      call.current?.abort();
      call.current = null;
      if (baldFor.current) revoke(baldFor.current.bald);
      baldFor.current = null;
      setBald(null);
      setStatus('idle');
    },
    [photo],
  );

  /**
   * Removes the bangs of the current photo unless that is done or under way (`background`: a
   * prefetch, see above; a call for a chosen style makes a quiet call under way a loud one).
   */
  const ensureBald = useCallback(
    async (background = false) => {
      if (!photo) return;
      if (baldFor.current?.photo === photo) {
        setBald(baldFor.current.bald);
        setStatus('done');
        patch({ baldImage: baldFor.current.bald.url });
        return;
      }
      if (call.current) {
        if (!background) quiet.current = false;
        return;
      }
      const controller = new AbortController();
      call.current = controller;
      quiet.current = background;
      setStatus('running');
      try {
        const result = await removeBangs(photo.blob, controller.signal);
        if (controller.signal.aborted) {
          revoke(result);
          return;
        }
        baldFor.current = { photo, bald: result };
        setBald(result);
        setStatus('done');
        patch({ baldImage: result.url });
      } catch (error) {
        if (controller.signal.aborted || isAbortError(error)) {
          setStatus('idle');
          return;
        }
        if (quiet.current) {
          prefetchFailed.current = photo;
          setStatus('idle');
          return;
        }
        setStatus('failed');
        // The spec's rule needs the removal; without it the style goes on the original photo.
        setRemovesBangs(false);
        onError.current(error);
      } finally {
        if (call.current === controller) call.current = null;
      }
    },
    [photo, patch],
  );

  // The prefetch: once per photo, while the hairstyle panel is open.
  useEffect(() => {
    if (!prefetch || !removesBangs || !photo || status !== 'idle') return;
    if (prefetchFailed.current === photo || baldFor.current?.photo === photo) return;
    void ensureBald(true);
  }, [prefetch, removesBangs, photo, status, ensureBald]);

  /** Chooses a style (null: none); removes the bangs first when the feature is on. */
  const choose = useCallback(
    (next: HairResource | null) => {
      patch({ hairResourceInfo: next });
      if (next && removesBangs) void ensureBald();
    },
    [patch, removesBangs, ensureBald],
  );

  const setRemoval = useCallback(
    (on: boolean) => {
      setRemovesBangs(on);
      if (on && resource) void ensureBald();
      if (!on) {
        cancel();
        setStatus((s) => (s === 'running' ? 'idle' : s));
      }
    },
    [resource, ensureBald, cancel],
  );

  /** Stops a removal under way and shows the style on the original photo. */
  const cancelRemoval = useCallback(() => {
    cancel();
    setRemovesBangs(false);
    setStatus('idle');
  }, [cancel]);

  // (A prefetch with no style chosen is nothing to wait for.)
  const isRemoving = status === 'running' && Boolean(resource);
  const base: StyleBase | null = photo
    ? removesBangs && bald && resource
      ? { url: bald.url, kind: 'bald', scalpUrl: bald.scalpUrl }
      : { url: photo.url, kind: 'original' }
    : null;

  return {
    resource,
    removesBangs,
    isRemoving,
    base,
    choose,
    setRemoval,
    cancelRemoval,
  };
}
