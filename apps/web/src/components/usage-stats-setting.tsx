import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalyticsStore } from '../lib/stores/analytics.store';
import styles from './setting-switch.module.css';

/**
 * Settings: "Send anonymous usage statistics" (ADR 030). On by default; off means the tag is
 * never requested, or, once loaded, sends nothing more. Kept in this browser.
 */
export function UsageStatsSetting() {
  const { t } = useTranslation('screens');
  const id = useId();
  const isOn = useAnalyticsStore((s) => s.usageStatsEnabled);
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('setting.usageStats.title')}
      </h3>
      <label className={styles.row}>
        <span>{t('setting.usageStats.label')}</span>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={isOn}
          aria-describedby={`${id}-note`}
          onChange={(event) =>
            useAnalyticsStore.getState().setUsageStatsEnabled(event.target.checked)
          }
        />
      </label>
      <p id={`${id}-note`} className={styles.status}>
        {t('setting.usageStats.description')}
      </p>
    </section>
  );
}
