import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  changeName,
  changePassword,
  createPassword,
  deleteAccount,
  getUserInfo,
  userCheck,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { createSessionCookies } from '../../lib/session-cookie.js';
import { authLimits } from '../auth/auth.service.js';
import * as account from './account.service.js';

// Per-IP limits on the calls that check a password, on top of the per-account throttle
// (shared with the login) in account.service.ts.
const passwordCheckLimit = { max: 10, timeWindow: '15 minutes' };

export function registerAccountRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const cookies = createSessionCookies(deps.config, authLimits.sessionTtlMs);
  /** Every session of the member is gone server-side; drop the browser's cookie as well. */
  const signedOut = (reply: FastifyReply) => {
    cookies.clear(reply);
    reply.header('cache-control', 'no-store');
    return {};
  };

  // The session loader only returns active members with a live session, so "the caller is
  // user_id" is exactly "user_id still exists"; other ids are never confirmed (no enumeration).
  registerEndpoint(app, deps.endpoints, userCheck, ({ input, member }) =>
    Promise.resolve({ user_exists: member !== null && member.memberId === input.user_id }),
  );

  // Everything below acts on requireMember().memberId only; no request field names a member.

  registerEndpoint(app, deps.endpoints, getUserInfo, async (call) => {
    call.reply.header('cache-control', 'no-store');
    return { user: await account.getUserInfo(deps.db, call.requireMember().memberId) };
  });

  registerEndpoint(app, deps.endpoints, changeName, async (call) => {
    const { family_name, given_name } = call.input;
    await account.changeName(deps.db, call.requireMember().memberId, family_name, given_name);
    return { family_name, given_name };
  });

  registerEndpoint(
    app,
    deps.endpoints,
    changePassword,
    async (call) => {
      await account.changePassword(
        deps.db,
        call.requireMember().memberId,
        call.input.current_password,
        call.input.new_password,
      );
      return signedOut(call.reply);
    },
    { rateLimit: passwordCheckLimit },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    createPassword,
    async (call) => {
      await account.createPassword(deps.db, call.requireMember(), call.input.new_password);
      return signedOut(call.reply);
    },
    { rateLimit: passwordCheckLimit },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    deleteAccount,
    async (call) => {
      await account.withdraw(deps.db, call.requireMember().memberId, call.language, {
        reason: call.input.reason,
        phrase: call.input.phrase,
        password: call.input.password || undefined,
      });
      return signedOut(call.reply);
    },
    { rateLimit: passwordCheckLimit },
  );
}
