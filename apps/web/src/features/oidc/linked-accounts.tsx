import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { disconnectIdentity, type LinkedIdentity } from '@carol/contracts';
import { errorMessage } from '../../lib/i18n/i18n';
import { Button } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { callEndpoint } from '../../lib/api/client';
import { useCommonStore } from '../../lib/stores/common.store';
import { mapIdentityError } from './identity-errors';
import { startExternalSignIn, type OidcButton } from './oidc-client';
import styles from './oidc.module.css';
import { GoogleLogo, ProviderLogo } from './provider-logos';
import { useOidcConfig } from './use-oidc-config';

const settingsPath = '/mypage/setting';

const badgeClass = {
  google: styles.badgeGoogle,
  oidc: styles.badgeGoogle,
  apple: styles.badgeApple,
  line: styles.badgeLine,
  kakao: styles.badgeKakao,
} as const;

/**
 * Settings "Linked accounts": each enabled provider with link / unlink. Linking runs the same
 * redirect flow as the login (intent `connect`) and finishes on /login/action.
 */
export function LinkedAccounts({
  identities,
  onChanged,
}: {
  identities: readonly LinkedIdentity[];
  onChanged: () => void;
}) {
  const { t } = useTranslation('oidc');
  const config = useOidcConfig().data;
  const [busy, setBusy] = useState<OidcButton | null>(null);
  const toast = (html: string) => useCommonStore.getState().showToast(html);

  const unlink = useMutation({
    mutationFn: (identity: LinkedIdentity) =>
      callEndpoint(disconnectIdentity, { identity_id: identity.identity_id }),
    onSuccess: (_data, identity) => {
      toast(t('linked.disconnected', { provider: t(`providers.${identity.provider}`) }));
      onChanged();
    },
    onError: (error) => {
      const { language } = useCommonStore.getState();
      toast(isApiError(error) ? error.resMessage : errorMessage('EXTERNAL_LINK_FAILED', language));
    },
  });

  if (!config?.enabled) return null;

  const link = (provider: OidcButton) => {
    setBusy(provider);
    startExternalSignIn(config, { intent: 'connect', provider, target: settingsPath }).catch(
      (error: unknown) => {
        setBusy(null);
        const failure = mapIdentityError(error);
        toast(failure.message ?? errorMessage(failure.code, useCommonStore.getState().language));
      },
    );
  };

  const others = identities.filter((i) => !config.providers.some((p) => p === i.provider));
  const rows = [
    ...config.providers.map((provider) => ({
      provider,
      identity: identities.find((i) => i.provider === provider),
    })),
    ...others.map((identity) => ({ provider: identity.provider, identity })),
  ];

  return (
    <section className={styles.linked} aria-labelledby="linked-accounts-title">
      <div className={styles.linkedHeader}>
        <h3 id="linked-accounts-title">{t('linked.title')}</h3>
        <p>{t('linked.description')}</p>
      </div>
      {rows.map(({ provider, identity }) => (
        <div className={styles.row} key={identity ? `id-${identity.identity_id}` : provider}>
          <span className={`${styles.badge} ${badgeClass[provider]}`}>
            {provider === 'oidc' ? (
              <GoogleLogo size={16} />
            ) : (
              <ProviderLogo provider={provider} size={provider === 'line' ? 20 : 16} />
            )}
          </span>
          <div className={styles.rowText}>
            <strong>{t(`providers.${provider}`)}</strong>
            <span>{identity ? identity.email || t('providers.oidc') : t('linked.notLinked')}</span>
          </div>
          {identity ? (
            <Button
              variant="outline"
              size="md"
              isBusy={unlink.isPending && unlink.variables?.identity_id === identity.identity_id}
              onClick={() => unlink.mutate(identity)}
            >
              {t('linked.disconnect')}
            </Button>
          ) : provider === 'oidc' ? null : (
            <Button
              variant="secondary"
              size="md"
              isBusy={busy === provider}
              disabled={busy !== null}
              onClick={() => link(provider)}
            >
              {t('linked.connect')}
            </Button>
          )}
        </div>
      ))}
    </section>
  );
}
