import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bookingIcsPath,
  cancelUserBooking,
  changeUserBooking,
  deleteUserBooking,
  getUserBookingDetail,
  getUserBookingList,
  IdSchema,
  ServerSchema,
  setUserBookingStatus,
} from '@carol/contracts';
import { languageFromRequest } from '@carol/i18n';
import { registerEndpoint } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import {
  bookingDetailOf,
  bookingHistoryOf,
  cancelBookingAsCustomer,
  deleteCancelledBooking,
  markVisitedAsCustomer,
} from './booking-history.service.js';
import { bookingIcsFor } from './notifications/booking-mail.service.js';
import { rescheduleBooking } from './booking-reschedule.service.js';

/** Irreversible changes: generous for a person, a wall for a script. */
const changeLimit = { max: 30, timeWindow: '1 minute' };

/** The member's history, cancel, visit done, delete and the .ics download (shop base). */
export function registerBookingHistoryRoutes(app: FastifyInstance, deps: FeatureDeps): void {
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
      cancelBookingAsCustomer(db, deps.jobs, ctx.requireMember().memberId, input.booking_id),
    { rateLimit: changeLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    changeUserBooking,
    async ({ input, language, ...ctx }) => {
      const { memberId } = ctx.requireMember();
      const { moved } = await rescheduleBooking(deps, { memberId }, input, { language });
      return { ...(await bookingDetailOf(db, memberId, input.booking_id)), moved };
    },
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
