import { useTranslation } from 'react-i18next';
import { AlertIcon } from '../../components/icons';
import { Button, EmptyState } from '../../components/ui';
import styles from './route-error.module.css';

/** Last-resort screen when a route throws while rendering or loading. */
export function RouteErrorScreen() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <EmptyState
        headingLevel="h1"
        icon={<AlertIcon size={32} />}
        title={t('errorBoundary.title')}
        description={t('errorBoundary.body')}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>{t('actions.reload')}</Button>
            <Button variant="outline" onClick={() => window.location.assign('/')}>
              {t('actions.goHome')}
            </Button>
          </>
        }
      />
    </div>
  );
}
