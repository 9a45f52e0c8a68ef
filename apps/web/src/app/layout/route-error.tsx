import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { Button, EmptyState } from '../../components/ui';
import { ApiError } from '../../lib/api/api-error';
import styles from './route-error.module.css';

/**
 * What went wrong, as far as the person can act on it (ADR 023): a screen's code did not
 * arrive (a lazy chunk: network, or a deployment replaced it), the server is busy (429 or 5xx),
 * or anything else.
 */
export type RouteFailure = 'load' | 'busy' | 'other';

const chunkFailure =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Failed to fetch/i;

export function routeFailureOf(error: unknown): RouteFailure {
  if (error instanceof ApiError) {
    if (error.status === 429 || error.resCode === 'RATE_LIMITED' || error.status >= 500) {
      return 'busy';
    }
    return error.status === 0 ? 'load' : 'other';
  }
  if (error instanceof Error && chunkFailure.test(error.message)) return 'load';
  return 'other';
}

/** Last-resort screen when a route throws while rendering or loading. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  const failure = routeFailureOf(useRouteError());
  const texts =
    failure === 'other'
      ? {
          title: t('errorBoundary.title'),
          body: t('errorBoundary.body'),
          retry: t('actions.reload'),
        }
      : {
          title: t('loadError.title'),
          body: failure === 'busy' ? t('loadError.busy') : t('loadError.body'),
          retry: t('actions.retry'),
        };
  return (
    <div className={styles.page} data-failure={failure}>
      <EmptyState
        headingLevel="h1"
        icon={<AlertIcon size={32} />}
        title={texts.title}
        description={texts.body}
        actions={
          <>
            {/* A reload fetches the screen's code (and a newer build's) again. */}
            <Button onClick={() => window.location.reload()}>{texts.retry}</Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              {t('actions.goHome')}
            </Button>
          </>
        }
      />
    </div>
  );
}
