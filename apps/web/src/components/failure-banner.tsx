import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api/api-error';
import styles from './form.module.css';
import { AlertIcon } from './icons';

/**
 * The red banner at the top of a form after a failed call: a title, the server's localized
 * resMessage (or the generic "try again" text for network failures), and optional actions.
 */
export function FailureBanner({
  title,
  error,
  children,
}: {
  title: string;
  error: unknown;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="alert">
      <AlertIcon size={20} />
      <div>
        <p className={styles.bannerTitle}>{title}</p>
        <p>{isApiError(error) ? error.resMessage : t('errorBoundary.body')}</p>
        {children}
      </div>
    </div>
  );
}
