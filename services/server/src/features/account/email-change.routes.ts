import type { FastifyInstance } from 'fastify';
import { changeMailAddress, confirmMailAddress, requestMail } from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import type { AuthContext } from '../auth/auth.service.js';
import * as emailChange from '../auth/email-change.service.js';
import * as account from './account.service.js';

// Per IP, on top of the per-address mail limit and the password throttle of reauthenticate.
const limits = {
  request: { max: 10, timeWindow: '15 minutes' },
  confirm: { max: 30, timeWindow: '15 minutes' },
};

/** /mypage/setting/changeemail → changeemailsend → changeemailsendafter/{country}/{token}. */
export function registerEmailChangeRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx: AuthContext = {
    db: deps.db,
    outgoing: deps.outgoing,
    appBaseUrl: deps.config.appBaseUrl,
  };

  registerEndpoint(
    app,
    deps.endpoints,
    changeMailAddress,
    async (call) => {
      const member = await account.reauthenticate(
        deps.db,
        call.requireMember(),
        call.input.password || undefined,
      );
      await emailChange.requestEmailChange(ctx, member, call.input.new_email, call.input.server);
      return { email: call.input.new_email };
    },
    { rateLimit: limits.request },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    requestMail,
    async (call) => {
      const session = call.requireMember();
      const member = await account.memberForSession(deps.db, session.memberId);
      return { email: await emailChange.resendEmailChange(ctx, member, call.input.server) };
    },
    { rateLimit: limits.request },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    confirmMailAddress,
    async (call) => {
      call.reply.header('cache-control', 'no-store');
      return {
        email: await emailChange.confirmEmailChange(ctx, call.requireMember(), call.input.token),
      };
    },
    { rateLimit: limits.confirm },
  );
}
