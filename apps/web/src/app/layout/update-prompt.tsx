import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui';
import { cx } from '../../lib/cx';
import { usePwaUpdateStore } from '../../lib/pwa/update.store';
import styles from './update-prompt.module.css';

/**
 * A new version is installed and waiting (ADR 029): asks, at the bottom above the bottom
 * navigation, without blocking the screen. Only Reload activates it and reloads the page, so
 * nothing half-typed is lost; Later hides the prompt until the next update check finds a newer
 * version, or the next visit.
 */
export function UpdatePrompt({ hasTabBar = true }: { hasTabBar?: boolean }) {
  const { t } = useTranslation();
  const needRefresh = usePwaUpdateStore((s) => s.needRefresh);
  const update = usePwaUpdateStore((s) => s.update);
  const dismiss = usePwaUpdateStore((s) => s.dismiss);

  if (!needRefresh) return null;
  return (
    <div
      className={cx(styles.prompt, !hasTabBar && styles.noTabBar)}
      role="region"
      aria-live="polite"
      aria-label={t('update.title')}
      data-testid="update-prompt"
    >
      <p className={styles.title}>{t('update.title')}</p>
      <div className={styles.actions}>
        <Button variant="onDark" size="md" onClick={dismiss}>
          {t('update.later')}
        </Button>
        <Button variant="inverse" size="md" onClick={() => void update()}>
          {t('actions.reload')}
        </Button>
      </div>
    </div>
  );
}
