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
import { scheduleReminders } from '../reminders/reminders.service.js';
import { markWaitlistBooked } from '../waitlist/waitlist.service.js';
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

  registerEndpoint(app, deps.endpoints, getBookingTime, async ({ input, ...ctx }) =>
    bookingTimesOf(db, input.server, input, {}, ctx.requireMember().memberId),
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
    async ({ input, language, ...ctx }) =>
      addBookingFor(db, ctx.requireMember().memberId, input, {
        storage: deps.storage,
        // The confirmation and the reminders are jobs stored with the booking: sent after the
        // commit (the reminders at their times), retried, never lost, never failing the booking.
        inTransaction: async (tx, bookingId) => {
          await deps.jobs.enqueue(tx, 'booking-mail', {
            kind: 'confirmation',
            bookingId,
            language,
          });
          await scheduleReminders(tx, deps.jobs, bookingId);
          // The member's waitlist entries this booking answers stop waiting (ADR 058).
          await markWaitlistBooked(tx, bookingId);
        },
      }),
    { rateLimit: addBookingLimitOf(deps.config.rateLimitMemberPerMinute) },
  );
}
