import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** A treatment picked on step two, with what the summary and the total need. */
export interface SelectedMenu {
  menuId: number;
  name: string;
  /** Integer in the currency's unit (KRW and JPY have no minor unit). */
  price: number;
  currency: 'KRW' | 'JPY';
  durationMinutes: number;
}

/** Spec section 3, `reservation`. */
export interface ReservationState {
  shopID: number | null;
  shopName: string;
  /** yyyy-mm-dd in the shop's time zone. */
  selectedDate: string | null;
  /** HH:mm in the shop's time zone. */
  selectedTime: string | null;
  selectedDesignerID: number | null;
  selectedDesignerName: string;
  selectedMenuList: SelectedMenu[];
  totalMenuPrice: number;
  /** Set when the second step is saved (spec section 4). */
  reservationPending: boolean;
  /** The last answers of check_holiday, get_booking_time and get_booking_staff_and_menu. */
  holidayList: string[];
  timeList: unknown[];
  staffAndMenuList: unknown[];
  /** Spec section 4: going back from second to first, and going home. */
  isBackToFirst: boolean;
  isGoingHome: boolean;
  /**
   * The add_booking idempotency key of the submission in flight: kept (and persisted) until
   * that attempt settles, so a retry or a reload resends the same key.
   */
  idempotencyKey: string | null;
}

export const initialReservation: ReservationState = {
  shopID: null,
  shopName: '',
  selectedDate: null,
  selectedTime: null,
  selectedDesignerID: null,
  selectedDesignerName: '',
  selectedMenuList: [],
  totalMenuPrice: 0,
  reservationPending: false,
  holidayList: [],
  timeList: [],
  staffAndMenuList: [],
  isBackToFirst: false,
  isGoingHome: false,
  idempotencyKey: null,
};

/** What is still missing, in the order the spec demands it (section 5). */
export type ReservationRequirement = 'shop' | 'date' | 'time' | 'designer' | 'treatment';

/**
 * Spec section 5: "a reservation requires a treatment, a designer and a date before a time".
 * The date comes first; a time is only final once the designer and the treatments that decide
 * its length are chosen. Answers the first missing piece, or null when the draft can be booked.
 */
export function missingRequirement(
  state: Pick<
    ReservationState,
    'shopID' | 'selectedDate' | 'selectedTime' | 'selectedDesignerID' | 'selectedMenuList'
  >,
): ReservationRequirement | null {
  if (state.shopID === null) return 'shop';
  if (state.selectedDate === null) return 'date';
  if (state.selectedDesignerID === null) return 'designer';
  if (state.selectedMenuList.length === 0) return 'treatment';
  if (state.selectedTime === null) return 'time';
  return null;
}

export function totalOf(menus: readonly SelectedMenu[]): number {
  return menus.reduce((sum, menu) => sum + menu.price, 0);
}

export function durationOf(menus: readonly SelectedMenu[]): number {
  return menus.reduce((sum, menu) => sum + menu.durationMinutes, 0);
}

export interface ReservationActions {
  /** Merge part of the state (server lists, flags). */
  patch: (partial: Partial<ReservationState>) => void;
  reset: () => void;
  /**
   * Starts (or resumes) a draft for a shop. Another shop's draft is dropped: its date, time,
   * designer and treatments mean nothing here.
   */
  startForShop: (shopID: number, shopName?: string) => void;
  /** A new date invalidates the time picked for the old one. */
  selectDate: (date: string) => void;
  /** Refused (false) before a date is chosen. */
  selectTime: (time: string | null) => boolean;
  selectDesigner: (designerID: number, name: string) => void;
  toggleMenu: (menu: SelectedMenu) => void;
  /**
   * Spec section 4: saving step two marks the reservation pending. Refused (false) while a
   * designer or a treatment is missing.
   */
  savePending: () => boolean;
  /** Spec section 4: cancelling the pending state clears all selections. */
  cancelPending: () => void;
}

export type ReservationStore = ReservationState & ReservationActions;

export const RESERVATION_STORAGE_KEY = 'carol-reservation';

type PersistedReservation = Omit<
  ReservationState,
  'holidayList' | 'timeList' | 'staffAndMenuList' | 'isBackToFirst' | 'isGoingHome'
>;

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A factory so tests can build a fresh store against their own storage. */
export function createReservationStore(storage: () => Storage = () => window.sessionStorage) {
  return create<ReservationStore>()(
    persist(
      (set, get) => ({
        ...initialReservation,
        patch: (partial) => set(partial),
        reset: () => set(initialReservation),
        startForShop: (shopID, shopName) => {
          const current = get();
          if (current.shopID === shopID) {
            if (shopName && shopName !== current.shopName) set({ shopName });
            return;
          }
          set({ ...initialReservation, shopID, shopName: shopName ?? '' });
        },
        selectDate: (date) => {
          if (get().selectedDate === date) return;
          set({ selectedDate: date, selectedTime: null, timeList: [], idempotencyKey: null });
        },
        selectTime: (time) => {
          if (time !== null && get().selectedDate === null) return false;
          set({ selectedTime: time, idempotencyKey: null });
          return true;
        },
        selectDesigner: (designerID, name) =>
          set({
            selectedDesignerID: designerID,
            selectedDesignerName: name,
            idempotencyKey: null,
          }),
        toggleMenu: (menu) => {
          const list = get().selectedMenuList;
          const next = list.some((m) => m.menuId === menu.menuId)
            ? list.filter((m) => m.menuId !== menu.menuId)
            : [...list, menu];
          set({ selectedMenuList: next, totalMenuPrice: totalOf(next), idempotencyKey: null });
        },
        savePending: () => {
          const state = get();
          if (state.selectedDesignerID === null || state.selectedMenuList.length === 0) {
            return false;
          }
          set({ reservationPending: true, isBackToFirst: false });
          return true;
        },
        cancelPending: () => set(initialReservation),
      }),
      {
        name: RESERVATION_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(storage),
        partialize: (state): PersistedReservation => ({
          shopID: state.shopID,
          shopName: state.shopName,
          selectedDate: state.selectedDate,
          selectedTime: state.selectedTime,
          selectedDesignerID: state.selectedDesignerID,
          selectedDesignerName: state.selectedDesignerName,
          selectedMenuList: state.selectedMenuList,
          totalMenuPrice: state.totalMenuPrice,
          reservationPending: state.reservationPending,
          idempotencyKey: state.idempotencyKey,
        }),
        // A draft left for a day that has passed keeps its shop, designer and treatments but
        // not the date and time; anything malformed is dropped.
        merge: (persisted, current) => {
          const stored = (persisted ?? {}) as Partial<PersistedReservation>;
          if (typeof stored.shopID !== 'number') return current;
          const menus = Array.isArray(stored.selectedMenuList) ? stored.selectedMenuList : [];
          const isStale =
            typeof stored.selectedDate !== 'string' || stored.selectedDate < todayIso();
          return {
            ...current,
            ...stored,
            selectedMenuList: menus,
            totalMenuPrice: totalOf(menus),
            selectedDate: isStale ? null : (stored.selectedDate ?? null),
            selectedTime: isStale ? null : (stored.selectedTime ?? null),
          };
        },
      },
    ),
  );
}

export const useReservationStore = createReservationStore();
