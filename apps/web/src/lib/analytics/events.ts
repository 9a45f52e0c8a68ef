import type { EventParams } from './analytics';

/** The booking funnel (ADR 030): one event per step a member takes. */
export type BookingStep =
  | 'booking_date_selected'
  | 'booking_time_selected'
  | 'booking_designer_selected'
  | 'booking_menu_selected'
  | 'booking_reserved';

/**
 * Everything a funnel event may carry: the salon, how many treatments, and the price of the
 * booking. Never the member, the booker's name or phone, the request note, nor the booking's
 * own id or number.
 */
export interface BookingEventParams {
  shop_id: number;
  menu_count?: number;
  value?: number;
  currency?: 'KRW' | 'JPY';
}

const countable = (n: unknown): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** Copies only the allowed parameters with the allowed types, whatever the caller passed. */
export function bookingParams(params: BookingEventParams): EventParams {
  const out: EventParams = {};
  if (countable(params.shop_id) && Number.isInteger(params.shop_id)) out.shop_id = params.shop_id;
  if (countable(params.menu_count) && Number.isInteger(params.menu_count)) {
    out.menu_count = params.menu_count;
  }
  if (countable(params.value) && (params.currency === 'KRW' || params.currency === 'JPY')) {
    out.value = params.value;
    out.currency = params.currency;
  }
  return out;
}
