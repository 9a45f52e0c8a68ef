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

/**
 * "Book this look" (ADR 059): the try-on result the member brings to the booking, a photo of
 * their gallery (saved first if it was not) with the colour's name and swatch or the style's name.
 */
export interface ReservationLook {
  mediaId: number;
  /** The gallery photo's thumbnail (owner-only media), for the check step. */
  thumbUrl: string;
  kind: 'colour' | 'style';
  name: string;
  /** #rrggbb of a colour; null for a style. */
  swatch: string | null;
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
  /** The look chosen on the simulation screen; it survives choosing (or changing) the salon. */
  look: ReservationLook | null;
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
  look: null,
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
  /** "Book this look": brings a try-on result to whichever salon is booked next. */
  attachLook: (look: ReservationLook) => void;
  removeLook: () => void;
}

export type ReservationStore = ReservationState & ReservationActions;

export const RESERVATION_STORAGE_KEY = 'carol-reservation';

type PersistedReservation = Omit<
  ReservationState,
  'holidayList' | 'timeList' | 'staffAndMenuList' | 'isBackToFirst' | 'isGoingHome'
>;

function isReservationLook(value: unknown): value is ReservationLook {
  if (typeof value !== 'object' || value === null) return false;
  const look = value as Partial<ReservationLook>;
  return (
    typeof look.mediaId === 'number' &&
    typeof look.thumbUrl === 'string' &&
    (look.kind === 'colour' || look.kind === 'style') &&
    typeof look.name === 'string' &&
    (look.swatch === null || typeof look.swatch === 'string')
  );
}

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
          // The look was chosen before the salon: it stays with the new draft.
          set({ ...initialReservation, shopID, shopName: shopName ?? '', look: current.look });
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
        attachLook: (look) => set({ look, idempotencyKey: null }),
        removeLook: () => set({ look: null, idempotencyKey: null }),
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
          look: state.look,
        }),
        // A draft left for a day that has passed keeps its shop, designer and treatments but
        // not the date and time; anything malformed is dropped.
        merge: (persisted, current) => {
          const stored = (persisted ?? {}) as Partial<PersistedReservation>;
          const look = isReservationLook(stored.look) ? stored.look : null;
          // A look brought from the simulation before any salon was chosen is kept alone.
          if (typeof stored.shopID !== 'number') return { ...current, look };
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
            look,
          };
        },
      },
    ),
  );
}

export const useReservationStore = createReservationStore();
