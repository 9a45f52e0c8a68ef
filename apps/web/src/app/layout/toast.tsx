import DOMPurify, { type Config } from 'dompurify';
import { useEffect, useMemo } from 'react';
import { limits } from '@carol/contracts';
import { useTranslation } from 'react-i18next';
import { cx } from '../../lib/cx';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './toast.module.css';

/** Markup a toast may use; everything else (scripts, handlers, images, links to javascript:) is removed. */
const TOAST_SANITIZE: Config = {
  ALLOWED_TAGS: ['b', 'strong', 'em', 'i', 'u', 'br', 'span', 'small', 'a'],
  ALLOWED_ATTR: ['href', 'class'],
};

export function sanitizeToastHtml(html: string): string {
  return DOMPurify.sanitize(html, TOAST_SANITIZE);
}

/** Spec sections 3 and 4: one global toast; text is HTML, shown only after sanitizing. */
export function Toast() {
  const { t } = useTranslation();
  const isShown = useCommonStore((s) => s.toastShow);
  const html = useCommonStore((s) => s.toastText);
  const isAlternate = useCommonStore((s) => s.toastColor);
  const sequence = useCommonStore((s) => s.toastSeq);
  const hideToast = useCommonStore((s) => s.hideToast);
  const safeHtml = useMemo(() => sanitizeToastHtml(html), [html]);

  // Spec 4: once shown, the toast hides after 2000 ms; the countdown starts on screen.
  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(hideToast, limits.toastHideMs);
    return () => clearTimeout(timer);
  }, [isShown, sequence, hideToast]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label={t('toastRegion')}>
      {isShown && safeHtml !== '' && (
        <div
          className={cx(styles.toast, isAlternate && styles.alternate)}
          data-testid="toast"
          data-alternate={isAlternate}
          dangerouslySetInnerHTML={{ __html: safeHtml }}
        />
      )}
    </div>
  );
}
