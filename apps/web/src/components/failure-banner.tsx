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
  message,
  children,
}: {
  title: string;
  /** A failed call's error; ignored when `message` is given. */
  error?: unknown;
  /** A message the screen already worked out (e.g. mapped from a code). */
  message?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="alert">
      <AlertIcon size={20} />
      <div>
        <p className={styles.bannerTitle}>{title}</p>
        <p>{message ?? (isApiError(error) ? error.resMessage : t('errorBoundary.body'))}</p>
        {children && <div className={styles.bannerActions}>{children}</div>}
      </div>
    </div>
  );
}
