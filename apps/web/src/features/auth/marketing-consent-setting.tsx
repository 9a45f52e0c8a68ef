import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, timeZoneOf } from '@carol/i18n/client';
import { isApiError } from '../../lib/api/api-error';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from '../../components/setting-switch.module.css';
import { useConsents, useSetMarketingConsent } from './use-consents';

/**
 * Settings: marketing by e-mail and SMS, optional at sign-up and changeable here. Each change
 * is recorded with its date (ADR 025), and the toast confirms it with the date, as Korean law
 * asks the sender to confirm a change of the opt-in.
 */
export function MarketingConsentSetting() {
  const { t } = useTranslation('signup');
  const id = useId();
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const consents = useConsents();
  const change = useSetMarketingConsent();
  const record = consents.data?.find((c) => c.item === 'marketing');
  // The member's tap shows at once and holds until the answer and the refreshed list are in:
  // the mutation's pending state reaches React a tick after the change event (TanStack batches
  // its notifications), long enough for the controlled switch to spring back in between.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const isOn = wanted ?? record?.agreed ?? false;
  const dateOf = (iso: string) =>
    formatDate(new Date(iso), language, timeZoneOf[server], { dateStyle: 'long' });
  const status = record
    ? t(record.agreed ? 'settings.on' : 'settings.off', { date: dateOf(record.recorded_at) })
    : t('settings.never');

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('settings.title')}
      </h3>
      <label className={styles.row}>
        <span>{t('settings.label')}</span>
        <input
          type="checkbox"
          role="switch"
          className={styles.switch}
          checked={isOn}
          disabled={consents.isPending || change.isPending}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            const next = event.target.checked;
            setWanted(next);
            change.mutate(next, {
              onSuccess: ({ consent }) => {
                const date = dateOf(consent.recorded_at);
                useCommonStore
                  .getState()
                  .showToast(
                    t(consent.agreed ? 'settings.savedOn' : 'settings.savedOff', { date }),
                  );
              },
              onError: (error) => {
                useCommonStore
                  .getState()
                  .showToast(isApiError(error) ? error.resMessage : t('settings.failed'));
              },
              onSettled: () => setWanted(null),
            });
          }}
        />
      </label>
      <p id={`${id}-status`} className={styles.status}>
        {consents.isPending ? '\u00a0' : status}
      </p>
    </section>
  );
}
