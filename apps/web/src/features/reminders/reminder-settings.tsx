import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberReminderSettings } from '@carol/contracts';
import { isApiError } from '../../lib/api/api-error';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from '../../components/setting-switch.module.css';
import { useReminderSettings, useSetReminderSettings } from './use-reminders';

const channels = ['email', 'sms'] as const satisfies ReadonlyArray<keyof MemberReminderSettings>;

/** Settings: booking reminders by e-mail and by SMS, each switchable off (ADR 050). */
export function ReminderSettings() {
  const { t } = useTranslation('reminders');
  const { t: te } = useTranslation('errors');
  const id = useId();
  const settings = useReminderSettings();
  const change = useSetReminderSettings();
  // The tap shows at once and holds until the answer is in (as the marketing switch does).
  const [wanted, setWanted] = useState<Partial<MemberReminderSettings>>({});

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {t('settings.title')}
      </h3>
      <p className={styles.status}>{t('settings.description')}</p>
      {channels.map((channel) => (
        <label key={channel} className={styles.row}>
          <span>{t(`settings.${channel}`)}</span>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={wanted[channel] ?? settings.data?.[channel] ?? true}
            disabled={settings.isPending || change.isPending}
            onChange={(event) => {
              const next = event.target.checked;
              setWanted({ [channel]: next });
              change.mutate(
                { [channel]: next },
                {
                  onSuccess: () => useCommonStore.getState().showToast(t('settings.saved')),
                  onError: (error) =>
                    useCommonStore
                      .getState()
                      .showToast(isApiError(error) ? error.resMessage : te('FAILED_TRY_AGAIN')),
                  onSettled: () => setWanted({}),
                },
              );
            }}
          />
        </label>
      ))}
    </section>
  );
}
