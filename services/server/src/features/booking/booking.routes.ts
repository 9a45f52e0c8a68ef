import type { FastifyInstance } from 'fastify';
import {
  addBooking,
  checkHoliday,
  getBookingStaffAndMenu,
  getBookingTime,
  getUserProfile,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { sendBookingConfirmation } from '../booking-manage/booking-manage.service.js';
import {
  addBookingFor,
  bookingTimesOf,
  checkHolidayOf,
  staffAndMenuOf,
  userProfileOf,
} from './booking.service.js';

/**
 * Per member (per client IP without a session; ADR 023), instead of the API limit: a twentieth
 * of RATE_LIMIT_MEMBER_PER_MINUTE, at least 60 (60 by default, as it was per address). Booking
 * is a deliberate act: generous for people, still a wall for a script.
 */
function addBookingLimitOf(perMinute: number) {
  return { max: Math.max(60, Math.floor(perMinute / 20)), timeWindow: '1 minute' };
}

/** The reservation flow on the shop base (spec 7): availability, profile, add_booking. */
export function registerBookingRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;

  registerEndpoint(app, deps.endpoints, checkHoliday, async ({ input }) =>
    checkHolidayOf(db, input.server, input),
  );

  registerEndpoint(app, deps.endpoints, getBookingTime, async ({ input }) =>
    bookingTimesOf(db, input.server, input),
  );

  registerEndpoint(app, deps.endpoints, getBookingStaffAndMenu, async ({ input }) =>
    staffAndMenuOf(db, input.server, input),
  );

  registerEndpoint(app, deps.endpoints, getUserProfile, async ({ language, ...ctx }) =>
    userProfileOf(db, ctx.requireMember().memberId, language),
  );

  registerEndpoint(
    app,
    deps.endpoints,
    addBooking,
    async ({ input, language, request, ...ctx }) =>
      addBookingFor(db, ctx.requireMember().memberId, input, {
        // Fire and forget: the mail never delays or fails the booking (it logs its own errors).
        onCreated: (bookingId) => {
          void sendBookingConfirmation(
            { db, mailer: deps.mailer, config: deps.config, log: request.log },
            bookingId,
            language,
          );
        },
      }),
    { rateLimit: addBookingLimitOf(deps.config.rateLimitMemberPerMinute) },
  );
}
