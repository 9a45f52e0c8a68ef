import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addReview,
  bookingIcsPath,
  cancelBookingByShop,
  cancelUserBooking,
  deleteDesignerHoliday,
  deleteShopHoliday,
  deleteUserBooking,
  getConsoleBookingList,
  getConsoleSchedule,
  getUserBookingDetail,
  getUserBookingList,
  IdSchema,
  ServerSchema,
  setBookingOpen,
  setBookingVisited,
  setDesignerHoliday,
  setDesignerWorkingHours,
  setShopHoliday,
  setUserBookingStatus,
} from '@carol/contracts';
import { languageFromRequest } from '@carol/i18n';
import { registerEndpoint } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import {
  addReviewFor,
  bookingDetailOf,
  bookingHistoryOf,
  bookingIcsFor,
  cancelBookingAsCustomer,
  cancelBookingAsShop,
  consoleBookingListOf,
  consoleScheduleOf,
  deleteCancelledBooking,
  deleteDesignerHolidayFor,
  deleteShopHolidayFor,
  markVisitedAsCustomer,
  markVisitedAsShop,
  setBookingOpenFor,
  setDesignerHolidayFor,
  setDesignerWorkingHoursFor,
  setShopHolidayFor,
} from './booking-manage.service.js';

/** Irreversible changes: generous for a person, a wall for a script. */
const changeLimit = { max: 30, timeWindow: '1 minute' };
/** Photo decoding is the most expensive thing a member can ask for. */
const reviewLimit = { max: 10, timeWindow: '1 minute' };

/** The member's history, cancel, visit done, delete, reviews and the .ics download (shop base). */
export function registerBookingManageRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;

  registerEndpoint(app, deps.endpoints, getUserBookingList, async ({ input, ...ctx }) =>
    bookingHistoryOf(db, ctx.requireMember().memberId, {
      tab: input.type,
      page: input.page,
      pageSize: input.page_size,
    }),
  );
  registerEndpoint(app, deps.endpoints, getUserBookingDetail, async ({ input, ...ctx }) =>
    bookingDetailOf(db, ctx.requireMember().memberId, input.booking_id),
  );
  registerEndpoint(
    app,
    deps.endpoints,
    cancelUserBooking,
    async ({ input, ...ctx }) =>
      cancelBookingAsCustomer(db, ctx.requireMember().memberId, input.booking_id),
    { rateLimit: changeLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    setUserBookingStatus,
    async ({ input, ...ctx }) =>
      markVisitedAsCustomer(db, ctx.requireMember().memberId, input.booking_id),
    { rateLimit: changeLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    deleteUserBooking,
    async ({ input, ...ctx }) =>
      deleteCancelledBooking(db, ctx.requireMember().memberId, input.booking_id),
    { rateLimit: changeLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    addReview,
    async ({ input, ...ctx }) =>
      addReviewFor({ db, mediaDir: deps.config.mediaDir }, ctx.requireMember().memberId, {
        bookingId: input.booking_id,
        rating: input.rating,
        body: input.body,
        photos: input.photos,
      }),
    { rateLimit: reviewLimit },
  );

  // A file download, so a GET the browser can follow with its session cookie (no body, no
  // state change: the Origin check does not apply, ownership does).
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${deps.endpoints.basePaths.shop}${bookingIcsPath}`,
    schema: {
      summary: "Download the member's own booking as an iCalendar (.ics) file",
      tags: ['booking'],
      querystring: z.object({ booking_id: IdSchema, server: ServerSchema.optional() }),
    },
    handler: async (request, reply) => {
      const member = await deps.endpoints.loadMember(request);
      if (!member) throw new AppError('UNAUTHORIZED');
      const { booking_id: bookingId, server } = request.query;
      const language = languageFromRequest(request.headers['accept-language'], server);
      const ics = await bookingIcsFor(
        db,
        deps.config.appBaseUrl,
        member.memberId,
        bookingId,
        language,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${ics.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(ics.content);
    },
  });
}

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
  registerEndpoint(app, deps.endpoints, cancelBookingByShop, async ({ input, shop, request }) =>
    cancelBookingAsShop(
      { db, mailer: deps.mailer, config: deps.config, log: request.log },
      shopIdOf(shop),
      input.booking_id,
      input.reason,
    ),
  );
  registerEndpoint(app, deps.endpoints, setBookingOpen, async ({ input, shop }) =>
    setBookingOpenFor(db, shopIdOf(shop), input.is_booking_open),
  );
}
