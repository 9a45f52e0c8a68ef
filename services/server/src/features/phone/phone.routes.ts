import type { FastifyInstance } from 'fastify';
import {
  activateWithTel,
  checkVerificationCode,
  sendSmsForSimpleLogin,
  sendVerificationCode,
  simpleLogin,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { createSessionCookies } from '../../lib/session-cookie.js';
import { authLimits, createDeviceCookies } from '../auth/auth.service.js';
import * as phone from './phone.service.js';

// Per-IP limits (rate-limit plugin, shared through Redis when configured) on top of the
// per-number and per-member limits counted in the database by phone.service.ts.
const limits = {
  send: { max: 10, timeWindow: '15 minutes' },
  check: { max: 30, timeWindow: '15 minutes' },
};

function contextOf(app: FastifyInstance, deps: FeatureDeps): phone.PhoneContext {
  return {
    db: deps.db,
    outgoing: deps.outgoing,
    appBaseUrl: deps.config.appBaseUrl,
    codeKey: phone.codeKeyOf(deps.config.codeHashSecret),
  };
}

/** Phone PIN sign-in on the main base: send_sms_for_simple_login, simple_login, activate_with_tel. */
export function registerPhoneLoginRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx = contextOf(app, deps);
  const cookies = createSessionCookies(deps.config, authLimits.sessionTtlMs);
  const devices = createDeviceCookies(deps.config);

  registerEndpoint(
    app,
    deps.endpoints,
    sendSmsForSimpleLogin,
    async ({ input, request }) => ({
      send_result: 'sent' as const,
      ...(await phone.sendLoginCode(ctx, input.tel, input.server, {
        ip: request.ip,
        deviceToken: devices.tokenOf(request),
      })),
    }),
    { rateLimit: limits.send },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    simpleLogin,
    async ({ input, request, reply }) => {
      const signedIn = await phone.loginWithCode(
        ctx,
        input.tel,
        input.server,
        input.code,
        cookies.clientOf(request),
        devices.tokenOf(request),
      );
      cookies.set(reply, signedIn.sessionToken);
      devices.set(reply, signedIn.deviceToken);
      return signedIn.member;
    },
    { rateLimit: limits.check },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    activateWithTel,
    async ({ input, request, reply }) => {
      const signedIn = await phone.activateWithCode(
        ctx,
        input.tel,
        input.server,
        input.code,
        cookies.clientOf(request),
        devices.tokenOf(request),
      );
      cookies.set(reply, signedIn.sessionToken);
      devices.set(reply, signedIn.deviceToken);
      return signedIn.member;
    },
    { rateLimit: limits.check },
  );
}

/**
 * Phone create/change for the signed-in member on the shop base (spec 7: `data.result`,
 * `data.message`). Both act on requireMember() only; no request field names a member.
 */
export function registerPhoneVerificationRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx = contextOf(app, deps);

  registerEndpoint(
    app,
    deps.endpoints,
    sendVerificationCode,
    async (call) => {
      const sent = await phone.sendVerificationCode(
        ctx,
        call.requireMember(),
        { tel: call.input.tel, password: call.input.password },
        call.input.server,
        call.language,
      );
      return {
        data: {
          result: 'success' as const,
          message: phone.resultMessage(call.language, 'codeSent'),
          ...sent,
        },
      };
    },
    { rateLimit: limits.send },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    checkVerificationCode,
    async (call) => {
      const saved = await phone.confirmVerificationCode(
        ctx,
        call.requireMember().memberId,
        { tel: call.input.tel, code: call.input.code },
        call.input.server,
      );
      call.reply.header('cache-control', 'no-store');
      return {
        data: {
          result: 'success' as const,
          message: phone.resultMessage(call.language, 'verified'),
          ...saved,
        },
      };
    },
    { rateLimit: limits.check },
  );
}
