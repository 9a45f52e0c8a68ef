import type { Config, DOMPurify } from 'dompurify';
import { useEffect, useMemo, useState } from 'react';
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

/**
 * DOMPurify is its own chunk (22 KB the first screen does not need): loaded a few
 * seconds after start or by the first toast, whichever comes first.
 */
let purifier: DOMPurify | null = null;
let loading: Promise<DOMPurify> | null = null;
export function loadToastSanitizer(): Promise<DOMPurify> {
  loading ??= import('dompurify').then((module) => (purifier = module.default));
  return loading;
}

/** The text of toast HTML, without any markup; an inert parse (no script runs, nothing loads). */
function plainTextOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/** Sanitizes with the loaded DOMPurify (call loadToastSanitizer first). */
export function sanitizeToastHtml(html: string): string {
  if (!purifier) throw new Error('the toast sanitizer is not loaded yet');
  return purifier.sanitize(html, TOAST_SANITIZE);
}

/** Spec sections 3 and 4: one global toast; text is HTML, shown only after sanitizing. */
export function Toast() {
  const { t } = useTranslation();
  const isShown = useCommonStore((s) => s.toastShow);
  const html = useCommonStore((s) => s.toastText);
  const isAlternate = useCommonStore((s) => s.toastColor);
  const sequence = useCommonStore((s) => s.toastSeq);
  const hideToast = useCommonStore((s) => s.hideToast);
  const [isReady, setReady] = useState(() => purifier !== null);
  const safeHtml = useMemo(() => (isReady ? sanitizeToastHtml(html) : ''), [isReady, html]);
  // Until DOMPurify is in, the toast shows its text without markup (never as HTML), so it is
  // on screen, and its countdown runs, exactly as with the sanitizer.
  const text = useMemo(() => (isReady ? '' : plainTextOf(html)), [isReady, html]);

  useEffect(() => {
    if (isReady) return;
    const markReady = () => void loadToastSanitizer().then(() => setReady(true));
    if (isShown) markReady();
    const timer = setTimeout(markReady, 3000);
    return () => clearTimeout(timer);
  }, [isReady, isShown]);

  // Spec 4: once shown, the toast hides after 2000 ms; the countdown starts on screen.
  useEffect(() => {
    if (!isShown) return;
    const timer = setTimeout(hideToast, limits.toastHideMs);
    return () => clearTimeout(timer);
  }, [isShown, sequence, hideToast]);

  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label={t('toastRegion')}>
      {isShown && (isReady ? safeHtml : text) !== '' && (
        <div
          className={cx(styles.toast, isAlternate && styles.alternate)}
          data-testid="toast"
          data-alternate={isAlternate}
          {...(isReady ? { dangerouslySetInnerHTML: { __html: safeHtml } } : { children: text })}
        />
      )}
    </div>
  );
}
