import type { FastifyInstance } from 'fastify';
import {
  cancelBookingByShop,
  deleteDesignerHoliday,
  deleteShopHoliday,
  getConsoleBookingList,
  getConsoleNoticeSettings,
  getConsoleRescheduleSettings,
  getConsoleSchedule,
  moveBookingByShop,
  setBookingOpen,
  setBookingVisited,
  setConsoleNoticeSettings,
  setConsoleRescheduleSettings,
  setDesignerHoliday,
  setDesignerWorkingHours,
  setShopHoliday,
} from '@carol/contracts';
import { registerEndpoint } from '../../../lib/endpoint.js';
import { AppError } from '../../../lib/errors.js';
import type { FeatureDeps } from '../../../lib/feature-deps.js';
import {
  cancelBookingAsShop,
  consoleBookingListOf,
  consoleScheduleOf,
  deleteDesignerHolidayFor,
  deleteShopHolidayFor,
  markVisitedAsShop,
  moveBookingAsShop,
  setBookingOpenFor,
  setDesignerHolidayFor,
  setDesignerWorkingHoursFor,
  setShopHolidayFor,
} from './console-booking.service.js';
import { rescheduleSettingsOf, setRescheduleSettings } from '../booking-reschedule.service.js';
import { noticeSettingsOf, setNoticeSettings } from '../salon-notice.service.js';

/** The salon side: `Authorization: Bearer <console key>`, every call scoped to the key's shop. */
export function registerConsoleBookingRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  const shopIdOf = (shop: { shopId: number } | null) => {
    if (!shop) throw new AppError('UNAUTHORIZED');
    return shop.shopId;
  };

  registerEndpoint(app, deps.endpoints, getConsoleSchedule, async ({ shop }) =>
    consoleScheduleOf(db, shopIdOf(shop)),
  );
  registerEndpoint(app, deps.endpoints, setShopHoliday, async ({ input, shop }) =>
    setShopHolidayFor(db, shopIdOf(shop), input.date, input.reason),
  );
  registerEndpoint(app, deps.endpoints, deleteShopHoliday, async ({ input, shop }) =>
    deleteShopHolidayFor(db, shopIdOf(shop), input.date),
  );
  registerEndpoint(app, deps.endpoints, setDesignerWorkingHours, async ({ input, shop }) =>
    setDesignerWorkingHoursFor(db, shopIdOf(shop), input.designer_id, input.hours),
  );
  registerEndpoint(app, deps.endpoints, setDesignerHoliday, async ({ input, shop }) =>
    setDesignerHolidayFor(db, shopIdOf(shop), input.designer_id, input.date),
  );
  registerEndpoint(app, deps.endpoints, deleteDesignerHoliday, async ({ input, shop }) =>
    deleteDesignerHolidayFor(db, shopIdOf(shop), input.designer_id, input.date),
  );
  registerEndpoint(app, deps.endpoints, getConsoleBookingList, async ({ input, shop }) =>
    consoleBookingListOf(db, shopIdOf(shop), {
      from: input.from,
      to: input.to,
      status: input.status,
      designerId: input.designer_id,
    }),
  );
  registerEndpoint(app, deps.endpoints, setBookingVisited, async ({ input, shop }) =>
    markVisitedAsShop(db, shopIdOf(shop), input.booking_id),
  );
  registerEndpoint(app, deps.endpoints, cancelBookingByShop, async ({ input, shop }) =>
    cancelBookingAsShop({ db, jobs: deps.jobs }, shopIdOf(shop), input.booking_id, input.reason),
  );
  registerEndpoint(app, deps.endpoints, moveBookingByShop, async ({ input, shop }) =>
    moveBookingAsShop({ db, jobs: deps.jobs }, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, getConsoleRescheduleSettings, async ({ shop }) =>
    rescheduleSettingsOf(db, shopIdOf(shop)),
  );
  registerEndpoint(app, deps.endpoints, setConsoleRescheduleSettings, async ({ input, shop }) =>
    setRescheduleSettings(db, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, getConsoleNoticeSettings, async ({ shop }) =>
    noticeSettingsOf(db, shopIdOf(shop)),
  );
  registerEndpoint(app, deps.endpoints, setConsoleNoticeSettings, async ({ input, shop }) =>
    setNoticeSettings(db, shopIdOf(shop), input),
  );
  registerEndpoint(app, deps.endpoints, setBookingOpen, async ({ input, shop }) =>
    setBookingOpenFor(db, shopIdOf(shop), input.is_booking_open),
  );
}
