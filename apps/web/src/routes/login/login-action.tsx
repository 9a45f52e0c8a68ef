import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { oidcExchange, ResponseOf } from '@carol/contracts';
import { errorMessage } from '../../lib/i18n/i18n';
import { Page } from '../../components/page';
import { completeSignIn } from '../../features/auth/sign-in';
import { userInfoKey } from '../../features/auth/use-user-info';
import {
  connectIdentityWith,
  exchangeCode,
  fetchOidcConfig,
  signInWithIdToken,
} from '../../features/oidc/api';
import { mapIdentityError } from '../../features/oidc/identity-errors';
import {
  finishExternalSignIn,
  forgetTransaction,
  isCallbackUrl,
  safeTarget,
  type OidcButton,
} from '../../features/oidc/oidc-client';
import styles from '../../features/oidc/oidc.module.css';
import { savePendingSignUp } from '../../features/oidc/pending-sign-up';
import { queryClient } from '../../lib/api/query-client';
import { paths } from '../../lib/paths';
import { logout } from '../../lib/session';
import { useCommonStore } from '../../lib/stores/common.store';

/** Each callback URL is processed once (React StrictMode runs effects twice in development). */
const processed = new Set<string>();

/**
 * Spec 2, sign-in return: a code or error plus a state in the query → process the callback,
 * then go to the target stored with the login (or the root); a first sign-in goes to the
 * consent step first. On failure go to the root with the mapped message. The address never
 * keeps the code.
 */
async function processCallback(url: string): Promise<{ target: string; connected?: OidcButton }> {
  const config = await fetchOidcConfig();
  const finished = await finishExternalSignIn(config, url);
  const { state } = finished;
  let answer: Pick<ResponseOf<typeof oidcExchange>, 'member' | 'sign_up'>;
  if ('exchange' in finished) {
    // LINE / Kakao with a secret: the server exchanges the code (ADR 060).
    const { exchange } = finished;
    try {
      answer = await exchangeCode({
        provider: finished.state.provider,
        intent: state.intent,
        code: exchange.code,
        state: exchange.state,
        code_verifier: exchange.codeVerifier,
      });
    } finally {
      await forgetTransaction(exchange.state);
    }
  } else if (state.intent === 'connect') {
    await connectIdentityWith({
      id_token: finished.idToken,
      nonce: state.nonce,
      provider: state.provider,
    });
    answer = {};
  } else {
    answer = await signInWithIdToken({
      id_token: finished.idToken,
      nonce: state.nonce,
      provider: state.provider,
    });
  }
  if (state.intent === 'connect') {
    await queryClient.invalidateQueries({ queryKey: userInfoKey });
    return { target: safeTarget(state.target), connected: state.provider };
  }
  if (answer.sign_up) {
    // A new account: nothing exists until the consents are given (ADR 025).
    savePendingSignUp(answer.sign_up, state.target);
    return { target: paths.signUpAgreement };
  }
  if (answer.member) completeSignIn(answer.member);
  return { target: safeTarget(state.target) };
}

export default function LoginActionScreen() {
  const { t } = useTranslation('oidc');
  const navigate = useNavigate();

  useEffect(() => {
    const url = window.location.href;
    // Reset the address right away: the code and state never stay in the history.
    window.history.replaceState(window.history.state, '', '/');
    if (!isCallbackUrl(new URL(url))) {
      void navigate('/', { replace: true });
      return;
    }
    if (processed.has(url)) return;
    processed.add(url);
    const { showToast } = useCommonStore.getState();
    processCallback(url)
      .then(({ target, connected }) => {
        if (connected) {
          showToast(t('linked.connected', { provider: t(`providers.${connected}`) }));
        }
        void navigate(target, { replace: true });
      })
      .catch((error: unknown) => {
        const failure = mapIdentityError(error);
        if (failure.logout) logout();
        showToast(
          failure.message ?? errorMessage(failure.code, useCommonStore.getState().language),
        );
        void navigate('/', { replace: true });
      });
  }, [navigate, t]);

  return (
    <Page>
      <div className={styles.working} role="status" aria-live="polite">
        <strong>{t('action.title')}</strong>
        <span>{t('action.working')}</span>
      </div>
    </Page>
  );
}
