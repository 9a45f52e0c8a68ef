import { createSlice } from './slice';

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
  selectedMenuList: unknown[];
  totalMenuPrice: number;
  /** Set when the second step is saved (spec section 4). */
  reservationPending: boolean;
  holidayList: string[];
  timeList: unknown[];
  staffAndMenuList: unknown[];
  /** Spec section 4: going back from second to first, and going home. */
  isBackToFirst: boolean;
  isGoingHome: boolean;
}

const initialReservation: ReservationState = {
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
};

export interface ReservationActions {
  /** Spec section 4: cancelling the pending state clears all selections. */
  cancelPending: () => void;
}

export const useReservationStore = createSlice<ReservationState, ReservationActions>(
  initialReservation,
  (set) => ({
    cancelPending: () => set(initialReservation),
  }),
);
