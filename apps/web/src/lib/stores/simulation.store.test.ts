// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { FaceLandmarks, HairResource } from '@carol/contracts';
import { SIMULATION_STORAGE_KEY, createSimulationStore, selectShowsHint } from './simulation.store';

afterEach(() => {
  window.localStorage.clear();
});

const landmark = {
  image: { width: 640, height: 800 },
  landmark: { box: { x: 1, y: 2, width: 3, height: 4 } } as unknown as FaceLandmarks,
};

const styleResource: HairResource = {
  resource_id: 1,
  kind: 'style',
  gender: 'w',
  length: 'bob',
  name: '단발',
  image_url: '/media/overlays/w-bob.png',
  mask_url: null,
  hex: null,
  origin: 'Carol seed artwork',
  anchor: null,
};

describe('simulation store', () => {
  it('starts with every first-use hint on and no photo', () => {
    const s = createSimulationStore().getState();
    expect(s).toMatchObject({
      simulationImage: null,
      landmark: null,
      baldImage: null,
      isFirstColorUse: true,
      isFirstCompareUse: true,
      isFirstStyleUse: true,
    });
    expect(selectShowsHint('color')(s)).toBe(true);
  });

  it('remembers a seen hint across reloads, and only the hints', () => {
    const first = createSimulationStore();
    first.getState().setPhoto('blob:photo');
    first.getState().setLandmark(landmark);
    first.getState().markHintSeen('color');
    expect(selectShowsHint('color')(first.getState())).toBe(false);
    expect(selectShowsHint('compare')(first.getState())).toBe(true);

    const saved = JSON.parse(window.localStorage.getItem(SIMULATION_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(saved.state).toEqual({
      isFirstColorUse: false,
      isFirstCompareUse: true,
      isFirstStyleUse: true,
    });

    // A reload: the flag survives, the photo (an object URL of the old page) does not.
    const reloaded = createSimulationStore().getState();
    expect(reloaded.isFirstColorUse).toBe(false);
    expect(reloaded.isFirstCompareUse).toBe(true);
    expect(reloaded.simulationImage).toBeNull();
    expect(reloaded.landmark).toBeNull();
  });

  it('drops the landmarks and bald image of the previous photo when a new one comes', () => {
    const store = createSimulationStore();
    store.getState().setPhoto('blob:one');
    store.getState().setLandmark(landmark);
    store.getState().patch({ baldImage: 'blob:bald', hairResourceInfo: styleResource });
    store.getState().setPhoto('blob:two');
    expect(store.getState()).toMatchObject({
      simulationImage: 'blob:two',
      landmark: null,
      baldImage: null,
      hairResourceInfo: null,
    });
  });

  it('reset clears the photo but keeps the first-use flags', () => {
    const store = createSimulationStore();
    store.getState().markHintSeen('compare');
    store.getState().setPhoto('blob:one');
    store.getState().reset();
    expect(store.getState().simulationImage).toBeNull();
    expect(store.getState().isFirstCompareUse).toBe(false);
  });

  it('works when storage is unavailable (private mode)', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    } as unknown as Storage;
    const store = createSimulationStore(() => broken);
    expect(() => store.getState().markHintSeen('color')).not.toThrow();
    expect(store.getState().isFirstColorUse).toBe(false);
  });
});
