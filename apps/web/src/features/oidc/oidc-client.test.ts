import { afterEach, describe, expect, it } from 'vitest';
import { ErrorResponse } from 'oidc-client-ts';
import { CookieStateStore, finishExternalSignIn, type OidcConfig } from './oidc-client';

const line = {
  provider: 'line' as const,
  issuer: 'https://access.line.me',
  client_id: '1650000000',
  audience: '1650000000',
  broker: false,
  exchange: 'server' as const,
};
const config: OidcConfig = {
  enabled: true,
  issuer: '',
  client_id: 'carol-web',
  audience: 'carol-web',
  providers: ['line'],
  buttons: [line],
};
const state = '0123456789abcdef0123456789abcdef';
const verifier = 'v'.repeat(43);
const nonce = 'n'.repeat(43);
const store = new CookieStateStore();
const callback = (query: string) => `${window.location.origin}/login/action?${query}`;

async function storeTransaction(provider = 'line') {
  await store.set(
    state,
    JSON.stringify({
      id: state,
      data: { intent: 'login', provider, target: '/mypage', nonce },
      created: Math.floor(Date.now() / 1000),
      code_verifier: verifier,
      authority: line.issuer,
      client_id: line.client_id,
    }),
  );
}

afterEach(async () => {
  await store.remove(state);
});

describe('finishExternalSignIn with the server exchange (ADR 060)', () => {
  it('hands back the code and the stored verifier instead of calling the token endpoint', async () => {
    await storeTransaction();
    const finished = await finishExternalSignIn(config, callback(`code=abc&state=${state}`));
    expect(finished).toEqual({
      state: { intent: 'login', provider: 'line', target: '/mypage', nonce },
      exchange: { state, code: 'abc', codeVerifier: verifier },
    });
    // Kept until the server has answered (it checks the same transaction).
    expect(await store.get(state)).not.toBeNull();
  });

  it('refuses a state with no stored transaction', async () => {
    await expect(
      finishExternalSignIn(config, callback(`code=abc&state=${'f'.repeat(32)}`)),
    ).rejects.toThrow('No matching state found in storage');
  });

  it("passes the provider's error on and forgets the transaction", async () => {
    await storeTransaction();
    const failure = finishExternalSignIn(config, callback(`error=access_denied&state=${state}`));
    await expect(failure).rejects.toBeInstanceOf(ErrorResponse);
    expect(await store.get(state)).toBeNull();
  });
});
