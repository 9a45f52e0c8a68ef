import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient, type Query } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import styles from './offline-banner.module.css';

function subscribeOnline(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of the connection (navigator.onLine and its events). */
export function useIsOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const isNetworkFailure = (error: unknown) => isApiError(error) && error.resCode === 'NETWORK_ERROR';
const failedOnNetwork = (query: Query) =>
  query.state.status === 'error' && isNetworkFailure(query.state.error);

/**
 * Spec section 8, ADR 029: opened offline (the app shell comes from the service worker's
 * precache) or when data calls fail for want of a network, one localized notice under the
 * header says so and offers a retry, instead of screens of skeletons and failures. It shows
 * while the browser reports no connection, or after a data call failed with a network error
 * until one succeeds again.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isOnline = useIsOnline();
  const [isUnreachable, setIsUnreachable] = useState(() =>
    queryClient.getQueryCache().getAll().some(failedOnNetwork),
  );
  const [isRetrying, setIsRetrying] = useState(false);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type === 'error' && isNetworkFailure(event.action.error)) {
          setIsUnreachable(true);
        } else if (event.action.type === 'success') {
          setIsUnreachable(false);
        }
      }),
    [queryClient],
  );

  // Back online: the data that failed meanwhile loads again by itself.
  useEffect(() => {
    if (!isOnline) return;
    void queryClient.refetchQueries({ type: 'active', predicate: failedOnNetwork });
  }, [isOnline, queryClient]);

  if (isOnline && !isUnreachable) return null;

  const retry = async () => {
    setIsRetrying(true);
    try {
      await queryClient.refetchQueries({
        type: 'active',
        predicate: (query) => query.state.status === 'error',
      });
    } finally {
      setIsRetrying(false);
    }
  };

  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <AlertIcon size={20} />
      <div className={styles.text}>
        <p className={styles.title}>{t('offline.title')}</p>
        <p>{t('offline.body')}</p>
      </div>
      <Button
        variant="outline"
        size="md"
        className={styles.retry}
        isBusy={isRetrying}
        onClick={() => void retry()}
      >
        {t('actions.retry')}
      </Button>
    </div>
  );
}
