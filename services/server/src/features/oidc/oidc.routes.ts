import type { FastifyInstance } from 'fastify';
import {
  connectIdentity,
  disconnectIdentity,
  getOidcConfig,
  oidcLogin,
  oidcSignUp,
} from '@carol/contracts';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { FeatureDeps } from '../../lib/feature-deps.js';
import { createSessionCookies } from '../../lib/session-cookie.js';
import { authLimits } from '../auth/auth.service.js';
import * as oidc from './oidc.service.js';

// Per-IP limits (the rate-limit plugin). Each id token is accepted once (its nonce is recorded),
// so there is nothing to guess per account; the limits bound the cost of hostile tokens.
const limits = {
  login: { max: 30, timeWindow: '15 minutes' },
  link: { max: 20, timeWindow: '15 minutes' },
};

export function registerOidcRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx = oidc.createOidcContext(deps.db, deps.config.oidc);
  const cookies = createSessionCookies(deps.config, authLimits.sessionTtlMs);

  registerEndpoint(app, deps.endpoints, getOidcConfig, ({ reply }) => {
    reply.header('cache-control', 'no-cache');
    return Promise.resolve(oidc.publicConfig(ctx));
  });

  registerEndpoint(
    app,
    deps.endpoints,
    oidcLogin,
    async ({ input, language, request, reply }) => {
      const result = await oidc.signIn(
        ctx,
        {
          idToken: input.id_token,
          nonce: input.nonce,
          button: input.provider,
          language,
          server: input.server,
        },
        cookies.clientOf(request),
      );
      if (result.status === 'sign_up') return { status: result.status, sign_up: result.signUp };
      cookies.set(reply, result.signedIn.sessionToken);
      return { status: result.status, member: result.signedIn.member };
    },
    { rateLimit: limits.login },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    oidcSignUp,
    async ({ input, language, request, reply }) => {
      const signedIn = await oidc.completeSignUp(
        ctx,
        {
          signUpToken: input.sign_up_token,
          consents: {
            agree_terms: input.agree_terms,
            agree_privacy: input.agree_privacy,
            agree_age: input.agree_age,
            agree_marketing: input.agree_marketing,
          },
          language,
          server: input.server,
        },
        cookies.clientOf(request),
      );
      cookies.set(reply, signedIn.sessionToken);
      return signedIn.member;
    },
    { rateLimit: limits.login },
  );

  // Both act on requireMember().memberId only; no request field names a member.
  registerEndpoint(
    app,
    deps.endpoints,
    connectIdentity,
    async (call) => ({
      identities: await oidc.connect(ctx, call.requireMember().memberId, {
        idToken: call.input.id_token,
        nonce: call.input.nonce,
        button: call.input.provider,
      }),
    }),
    { rateLimit: limits.link },
  );

  registerEndpoint(
    app,
    deps.endpoints,
    disconnectIdentity,
    async (call) => ({
      identities: await oidc.disconnect(
        deps.db,
        call.requireMember().memberId,
        call.input.identity_id,
      ),
    }),
    { rateLimit: limits.link },
  );
}
