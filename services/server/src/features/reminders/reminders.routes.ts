import type { FastifyInstance } from 'fastify';
import {
  cancelByLink,
  getConsoleReminderSettings,
  getLinkedBooking,
  getReminderSettings,
  setConsoleReminderSettings,
  setReminderSettings,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import { AppError } from '../../lib/errors.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import {
  cancelByLink as cancelBookingByLink,
  linkKeyOf,
  linkedBookingOf,
  memberReminderSettingsOf,
  salonReminderSettingsOf,
  setMemberReminderSettings,
  setSalonReminderSettings,
} from './reminders.service.js';

// Per-IP limit on the link endpoints (anyone holding a link may call them): the default API
// limit plus this one, so guessing is pointless on top of the 128-bit MAC.
const linkLimit = { max: 30, timeWindow: '15 minutes' };

/** The member's reminder channels and the one-tap links of the reminders (main base). */
export function registerReminderRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  const linkKey = linkKeyOf(deps.config.reminderLinkSecret);

  registerEndpoint(app, deps.endpoints, getReminderSettings, async (ctx) =>
    memberReminderSettingsOf(db, ctx.requireMember().memberId),
  );
  registerEndpoint(app, deps.endpoints, setReminderSettings, async ({ input, ...ctx }) =>
    setMemberReminderSettings(db, ctx.requireMember().memberId, input),
  );
  registerEndpoint(
    app,
    deps.endpoints,
    getLinkedBooking,
    async ({ input }) => linkedBookingOf(db, linkKey, input.token),
    { rateLimit: linkLimit },
  );
  registerEndpoint(
    app,
    deps.endpoints,
    cancelByLink,
    async ({ input }) => cancelBookingByLink(db, deps.jobs, linkKey, input.token),
    { rateLimit: linkLimit },
  );
}

/** A salon's reminder settings through its console key (shop base, ADR 033/034). */
export function registerConsoleReminderRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const { db } = deps;
  const shopIdOf = (shop: { shopId: number } | null) => {
    if (!shop) throw new AppError('UNAUTHORIZED');
    return shop.shopId;
  };
  registerEndpoint(app, deps.endpoints, getConsoleReminderSettings, async ({ shop }) =>
    salonReminderSettingsOf(db, shopIdOf(shop)),
  );
  registerEndpoint(app, deps.endpoints, setConsoleReminderSettings, async ({ input, shop }) =>
    setSalonReminderSettings(db, shopIdOf(shop), input),
  );
}
