import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { mapIdentityError } from './identity-errors';
import { startExternalSignIn, type OidcButton } from './oidc-client';
import styles from './oidc.module.css';
import { ProviderLogo } from './provider-logos';
import { useOidcConfig } from './use-oidc-config';

/**
 * "Continue with LINE / Kakao / Google / Apple": only the providers the server enables, in its
 * order (the market's own provider first); redirect flow.
 */
export function OidcButtons({ target = '/' }: { target?: string }) {
  const { t } = useTranslation('oidc');
  const config = useOidcConfig().data;
  const [busy, setBusy] = useState<OidcButton | null>(null);
  if (!config?.enabled || config.providers.length === 0) return null;

  const start = (provider: OidcButton) => {
    setBusy(provider);
    startExternalSignIn(config, { intent: 'login', provider, target }).catch((error: unknown) => {
      setBusy(null);
      const failure = mapIdentityError(error);
      const { language, showToast } = useCommonStore.getState();
      showToast(failure.message ?? errorMessage(failure.code, language));
    });
  };

  return (
    <>
      <div className={styles.divider}>{t('divider')}</div>
      <div className={styles.buttons}>
        {config.providers.map((provider) => (
          <button
            key={provider}
            type="button"
            className={`${styles.provider} ${styles[provider]}`}
            disabled={busy !== null}
            aria-busy={busy === provider || undefined}
            onClick={() => start(provider)}
          >
            <ProviderLogo provider={provider} />
            <span className={styles.label}>{t(`continueWith.${provider}`)}</span>
          </button>
        ))}
      </div>
    </>
  );
}
