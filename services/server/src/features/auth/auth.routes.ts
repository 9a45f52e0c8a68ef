import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  activateRegistration,
  callResetPassword,
  getEmailInToken,
  loginByEmail,
  logout,
  registerByEmail,
  requestPasswordReset,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { createSessionCookies } from '../../lib/session-cookie.js';
import * as auth from './auth.service.js';
import { createDeviceCookies } from './trusted-devices.js';

// Per-IP limits (the rate-limit plugin, keyed by client IP; shared through Redis when
// configured) on top of the per-account sign-in throttle in auth.service.ts (database).
const limits = {
  register: { max: 10, timeWindow: '15 minutes' },
  link: { max: 30, timeWindow: '15 minutes' },
  login: { max: 30, timeWindow: '15 minutes' },
  resetRequest: { max: 10, timeWindow: '15 minutes' },
};

export function registerAuthRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx: auth.AuthContext = {
    db: deps.db,
    outgoing: deps.outgoing,
    appBaseUrl: deps.config.appBaseUrl,
  };

  const cookies = createSessionCookies(deps.config, auth.authLimits.sessionTtlMs);
  const devices = createDeviceCookies(deps.config);
  const clientOf = (request: FastifyRequest) => cookies.clientOf(request);
  const signIn = (reply: FastifyReply, signedIn: auth.SignedIn) => {
    cookies.set(reply, signedIn.sessionToken);
    return signedIn.member;
  };

  registerEndpoint(
    app,
    deps.endpoints,
    registerByEmail,
    async ({ input, language }) => {
      await auth.register(ctx, {
        email: input.email,
        password: input.password,
        familyName: input.family_name,
        givenName: input.given_name,
        language,
        server: input.server,
        consents: {
          agree_terms: input.agree_terms,
          agree_privacy: input.agree_privacy,
          agree_age: input.agree_age,
          agree_marketing: input.agree_marketing,
        },
      });
      return { email: input.email };
    },
    { rateLimit: limits.register },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    getEmailInToken,
    async ({ input }) => ({ email: await auth.emailInRegistrationToken(ctx, input.token) }),
    { rateLimit: limits.link },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    activateRegistration,
    async ({ input, request, reply }) =>
      signIn(reply, await auth.activate(ctx, input.token, clientOf(request))),
    { rateLimit: limits.link },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    loginByEmail,
    async ({ input, request, reply }) => {
      const signedIn = await auth.login(
        ctx,
        input.email,
        input.password,
        clientOf(request),
        devices.tokenOf(request),
      );
      const member = signIn(reply, signedIn); // the session cookie first, then the device's
      devices.set(reply, signedIn.deviceToken);
      return member;
    },
    { rateLimit: limits.login },
  );

  registerEndpoint(app, deps.endpoints, logout, async (call) => {
    await auth.logout(ctx, call.requireMember().sessionId);
    const { reply } = call;
    cookies.clear(reply);
    return {};
  });

  registerEndpoint(
    app,
    deps.endpoints,
    requestPasswordReset,
    async ({ input, language }) => {
      await auth.requestPasswordReset(ctx, input.email, language);
      return { email: input.email };
    },
    { rateLimit: limits.resetRequest },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    callResetPassword,
    async ({ input, request }) => {
      await auth.resetPassword(ctx, input.token, input.password, request.ip);
      return {};
    },
    { rateLimit: limits.link },
  );
}
