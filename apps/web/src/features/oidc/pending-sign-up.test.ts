import { afterEach, describe, expect, it } from 'vitest';
import { identityProviderValues } from '@carol/contracts';
import { clearPendingSignUp, readPendingSignUp, savePendingSignUp } from './pending-sign-up';

afterEach(() => clearPendingSignUp());

const signUp = (provider: (typeof identityProviderValues)[number]) => ({
  sign_up_token: 'a'.repeat(43),
  provider,
  family_name: 'Choi',
  given_name: 'Dana',
  email: 'new@carol.test',
  expires_in: 1800,
});

describe('pending sign-up', () => {
  it.each(identityProviderValues)('keeps a first %s sign-up for the consent step', (provider) => {
    savePendingSignUp(signUp(provider), '/mypage', 1_000);
    expect(readPendingSignUp(2_000)).toMatchObject({ provider, givenName: 'Dana' });
  });

  it('forgets a sign-up whose time is up', () => {
    savePendingSignUp(signUp('line'), '/', 1_000);
    expect(readPendingSignUp(1_000 + 1800 * 1000)).toBeNull();
  });
});
