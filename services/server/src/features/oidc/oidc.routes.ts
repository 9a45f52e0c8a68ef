import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  connectIdentity,
  disconnectIdentity,
  getOidcConfig,
  oidcExchange,
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

/** The browser keeps each sign-in transaction in `carol_oidc_<state>` (apps/web oidc-client.ts). */
const transactionCookie = (state: string) => `carol_oidc_${state}`;

/**
 * The redirect URI of the authorize request: the page's origin (the Origin header, which the
 * Origin check already held to the app's origins) + /login/action; without one, this host's.
 */
function redirectUriOf(request: FastifyRequest): string {
  const origin = request.headers.origin;
  const base =
    typeof origin === 'string' && origin !== 'null'
      ? origin
      : `${request.protocol}://${request.headers.host ?? ''}`;
  return `${base}/login/action`;
}

export function registerOidcRoutes(app: FastifyInstance, deps: FeatureDeps): void {
  const ctx = oidc.createOidcContext(deps.db, deps.config.oidc);
  const cookies = createSessionCookies(deps.config, authLimits.sessionTtlMs);

  registerEndpoint(app, deps.endpoints, getOidcConfig, ({ input, reply }) => {
    reply.header('cache-control', 'no-cache');
    return Promise.resolve(oidc.publicConfig(ctx, input.server));
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

  // The code exchange of LINE and Kakao (ADR 060): the transaction cookie is used up whatever
  // the outcome, so a callback is tried once.
  registerEndpoint(
    app,
    deps.endpoints,
    oidcExchange,
    async (call) => {
      const { input, request, reply } = call;
      const exchange: oidc.CodeExchangeInput = {
        provider: input.provider,
        intent: input.intent,
        code: input.code,
        state: input.state,
        codeVerifier: input.code_verifier,
        transaction: request.cookies[transactionCookie(input.state)],
        redirectUri: redirectUriOf(request),
      };
      reply.clearCookie(transactionCookie(input.state), { path: '/' });
      if (input.intent === 'connect') {
        const { memberId } = call.requireMember();
        return {
          status: 'connected' as const,
          identities: await oidc.connectWithCode(ctx, memberId, exchange),
        };
      }
      const result = await oidc.signInWithCode(
        ctx,
        { ...exchange, language: call.language, server: input.server },
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
