import { useEffect } from 'react';
import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { useNavigation } from 'react-router';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './loading-bar.module.css';

/**
 * The spec's `isLoading` (section 4: set while each call runs): any query or mutation in flight.
 * The bar also shows while the router loads a screen or runs the guard.
 */
export function LoadingBar() {
  const fetching = useIsFetching();
  const mutating = useIsMutating();
  const navigation = useNavigation();
  const isCalling = fetching + mutating > 0;
  const setLoading = useCommonStore((s) => s.setLoading);

  useEffect(() => {
    setLoading(isCalling);
  }, [isCalling, setLoading]);

  if (!isCalling && navigation.state === 'idle') return null;
  return (
    <div className={styles.track} role="progressbar" aria-hidden="true" data-testid="loading-bar">
      <div className={styles.bar} />
    </div>
  );
}
