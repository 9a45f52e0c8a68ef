import { useTranslation } from 'react-i18next';
import type { BookingTime, Language } from '@carol/contracts';
import { minutesOf, timeLabel } from './calendar';
import styles from './booking.module.css';

export interface TimeGridProps {
  language: Language;
  times: readonly BookingTime[];
  selected: string | null;
  onSelect: (time: string) => void;
}

/** Spec 2 step 2: every time of the day, shown as available or unavailable. */
export function TimeGrid({ language, times, selected, onSelect }: TimeGridProps) {
  const { t } = useTranslation('booking');
  const groups = [
    { key: 'morning', items: times.filter((slot) => minutesOf(slot.time) < 12 * 60) },
    { key: 'afternoon', items: times.filter((slot) => minutesOf(slot.time) >= 12 * 60) },
  ] as const;
  return (
    <>
      <ul className={styles.legend}>
        <li>
          <span className={styles.swatch} aria-hidden="true" />
          {t('first.legendAvailable')}
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.swatchOff}`} aria-hidden="true" />
          {t('first.legendUnavailable')}
        </li>
      </ul>
      {groups.map(
        (group) =>
          group.items.length > 0 && (
            <div key={group.key} className={styles.section}>
              <h4 className={styles.timeGroupTitle}>{t(`first.${group.key}`)}</h4>
              <ul className={styles.times}>
                {group.items.map((slot) => {
                  const label = timeLabel(slot.time, language);
                  return (
                    <li key={slot.time}>
                      <button
                        type="button"
                        className={styles.time}
                        disabled={!slot.available}
                        aria-pressed={slot.time === selected}
                        aria-label={
                          slot.available ? label : t('first.unavailable', { time: label })
                        }
                        data-time={slot.time}
                        onClick={() => onSelect(slot.time)}
                      >
                        {slot.time}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ),
      )}
    </>
  );
}
