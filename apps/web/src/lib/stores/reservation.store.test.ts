import { afterEach, describe, expect, it } from 'vitest';
import { logout } from '../session';
import { useCommonStore } from './common.store';
import {
  RESERVATION_STORAGE_KEY,
  createReservationStore,
  initialReservation,
  missingRequirement,
  useReservationStore,
  type SelectedMenu,
} from './reservation.store';

const cut: SelectedMenu = {
  menuId: 11,
  name: 'Cut',
  price: 30000,
  currency: 'KRW',
  durationMinutes: 60,
};
const colour: SelectedMenu = {
  menuId: 12,
  name: 'Colour',
  price: 80000,
  currency: 'KRW',
  durationMinutes: 90,
};

/** A future date, so a reload never drops it as stale. */
const nextYear = `${new Date().getFullYear() + 1}-03-02`;

function fullDraft(store: ReturnType<typeof createReservationStore>) {
  const state = store.getState();
  state.startForShop(7, 'Salon Carol');
  state.selectDate(nextYear);
  state.selectTime('14:00');
  state.selectDesigner(3, 'Minji');
  state.toggleMenu(cut);
  state.toggleMenu(colour);
}

afterEach(() => {
  window.sessionStorage.clear();
  useReservationStore.getState().reset();
});

describe('reservation rules (spec 5: treatment, designer and date before time)', () => {
  it('asks for the shop, then the date, the designer, the treatment and last the time', () => {
    const store = createReservationStore();
    expect(missingRequirement(store.getState())).toBe('shop');
    store.getState().startForShop(7, 'Salon Carol');
    expect(missingRequirement(store.getState())).toBe('date');
    store.getState().selectDate(nextYear);
    expect(missingRequirement(store.getState())).toBe('designer');
    store.getState().selectDesigner(3, 'Minji');
    expect(missingRequirement(store.getState())).toBe('treatment');
    store.getState().toggleMenu(cut);
    expect(missingRequirement(store.getState())).toBe('time');
    store.getState().selectTime('14:00');
    expect(missingRequirement(store.getState())).toBeNull();
  });

  it('refuses a time before a date and drops the time when the date changes', () => {
    const store = createReservationStore();
    store.getState().startForShop(7);
    expect(store.getState().selectTime('10:00')).toBe(false);
    expect(store.getState().selectedTime).toBeNull();
    store.getState().selectDate(nextYear);
    expect(store.getState().selectTime('10:00')).toBe(true);
    store.getState().selectDate(`${new Date().getFullYear() + 1}-03-03`);
    expect(store.getState().selectedTime).toBeNull();
  });

  it('sums the treatments into the total, and a second tap removes one', () => {
    const store = createReservationStore();
    store.getState().toggleMenu(cut);
    store.getState().toggleMenu(colour);
    expect(store.getState().totalMenuPrice).toBe(110000);
    store.getState().toggleMenu(cut);
    expect(store.getState().selectedMenuList).toEqual([colour]);
    expect(store.getState().totalMenuPrice).toBe(80000);
  });
});

describe('pending reservation (spec 4)', () => {
  it('marks the draft pending only when step two has a designer and a treatment', () => {
    const store = createReservationStore();
    store.getState().startForShop(7);
    store.getState().selectDate(nextYear);
    expect(store.getState().savePending()).toBe(false);
    store.getState().selectDesigner(3, 'Minji');
    expect(store.getState().savePending()).toBe(false);
    expect(store.getState().reservationPending).toBe(false);
    store.getState().toggleMenu(cut);
    expect(store.getState().savePending()).toBe(true);
    expect(store.getState().reservationPending).toBe(true);
  });

  it('clears every selection when the pending reservation is cancelled', () => {
    const store = createReservationStore();
    fullDraft(store);
    store.getState().savePending();
    store.getState().cancelPending();
    expect(store.getState()).toMatchObject(initialReservation);
  });

  it('cancels the pending reservation at logout', () => {
    useCommonStore.getState().setLogin(42);
    fullDraft(useReservationStore);
    useReservationStore.getState().savePending();
    logout();
    expect(useReservationStore.getState()).toMatchObject(initialReservation);
    expect(useCommonStore.getState().loginFlag).toBe(false);
    const stored = JSON.parse(window.sessionStorage.getItem(RESERVATION_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(stored.state).toMatchObject({ shopID: null, reservationPending: false });
  });

  it('starts afresh for another shop but keeps the draft when the same shop is booked again', () => {
    const store = createReservationStore();
    fullDraft(store);
    store.getState().startForShop(7);
    expect(store.getState().selectedDesignerID).toBe(3);
    store.getState().startForShop(8, 'Other');
    expect(store.getState()).toMatchObject({ ...initialReservation, shopID: 8, shopName: 'Other' });
  });

  it('drops the idempotency key of an attempt when what is booked changes', () => {
    const store = createReservationStore();
    fullDraft(store);
    store.getState().patch({ idempotencyKey: 'attempt-key-1' });
    store.getState().selectTime('15:00');
    expect(store.getState().idempotencyKey).toBeNull();
  });
});

describe('draft across a reload', () => {
  it('comes back from sessionStorage with its selections and pending flag', () => {
    const first = createReservationStore();
    fullDraft(first);
    first.getState().savePending();
    const reloaded = createReservationStore();
    expect(reloaded.getState()).toMatchObject({
      shopID: 7,
      shopName: 'Salon Carol',
      selectedDate: nextYear,
      selectedTime: '14:00',
      selectedDesignerID: 3,
      selectedMenuList: [cut, colour],
      totalMenuPrice: 110000,
      reservationPending: true,
    });
  });

  it('forgets a date that has passed but keeps the shop, designer and treatments', () => {
    window.sessionStorage.setItem(
      RESERVATION_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          shopID: 7,
          shopName: 'Salon Carol',
          selectedDate: '2020-01-06',
          selectedTime: '10:00',
          selectedDesignerID: 3,
          selectedDesignerName: 'Minji',
          selectedMenuList: [cut],
          reservationPending: true,
        },
      }),
    );
    const reloaded = createReservationStore();
    expect(reloaded.getState()).toMatchObject({
      shopID: 7,
      selectedDate: null,
      selectedTime: null,
      selectedDesignerID: 3,
      totalMenuPrice: 30000,
    });
  });
});

describe('the look brought from the simulation (ADR 059)', () => {
  const look = {
    mediaId: 41,
    thumbUrl: '/media/gallery/2026-11/aa-t.webp',
    kind: 'colour' as const,
    name: 'Ash brown',
    swatch: '#6b3e2e',
  };

  it('keeps the look chosen before the salon through choosing and changing the salon', () => {
    const store = createReservationStore();
    store.getState().attachLook(look);
    store.getState().startForShop(7, 'Salon Carol');
    expect(store.getState().look).toEqual(look);
    store.getState().startForShop(8, 'Another salon');
    expect(store.getState()).toMatchObject({ shopID: 8, look });
  });

  it('comes back after a reload, with or without a salon chosen', () => {
    createReservationStore().getState().attachLook(look);
    expect(createReservationStore().getState().look).toEqual(look);
    const withShop = createReservationStore();
    fullDraft(withShop);
    expect(createReservationStore().getState()).toMatchObject({ shopID: 7, look });
  });

  it('drops a malformed stored look, and is removed by its button and by a finished booking', () => {
    window.sessionStorage.setItem(
      RESERVATION_STORAGE_KEY,
      JSON.stringify({ version: 1, state: { shopID: 7, look: { mediaId: 'x' } } }),
    );
    expect(createReservationStore().getState().look).toBeNull();
    const store = createReservationStore();
    store.getState().attachLook(look);
    store.getState().removeLook();
    expect(store.getState().look).toBeNull();
    store.getState().attachLook(look);
    store.getState().cancelPending();
    expect(store.getState().look).toBeNull();
  });
});
