import { useTranslation } from 'react-i18next';
import type { BookingStaff } from '@carol/contracts';
import { UserIcon } from '../../components/icons';
import styles from './booking.module.css';

/** The salon's designers as picture cards; one not free at the chosen time is disabled. */
export function DesignerPicker({
  staff,
  selectedId,
  onSelect,
}: {
  staff: readonly BookingStaff[];
  selectedId: number | null;
  onSelect: (designer: BookingStaff) => void;
}) {
  const { t } = useTranslation('booking');
  const { t: ts } = useTranslation('shops');
  if (staff.length === 0) return <p className={styles.hint}>{t('second.noDesigners')}</p>;
  return (
    <ul className={styles.designers}>
      {staff.map((designer) => (
        <li key={designer.id}>
          <button
            type="button"
            className={styles.designer}
            aria-pressed={designer.id === selectedId}
            disabled={designer.available === false && designer.id !== selectedId}
            onClick={() => onSelect(designer)}
          >
            {designer.profile_image_url ? (
              <img
                className={styles.avatar}
                src={designer.profile_image_url}
                alt=""
                width={56}
                height={56}
                loading="lazy"
              />
            ) : (
              <span className={styles.avatar} aria-hidden="true">
                <UserIcon size={26} />
              </span>
            )}
            <span className={styles.designerName}>{designer.name}</span>
            <span className={styles.designerMeta}>
              {designer.available === false ? t('first.legendUnavailable') : designer.position}
            </span>
            {designer.review_count > 0 && (
              <span className={styles.designerMeta}>
                <span className={styles.star} aria-hidden="true">
                  ★
                </span>{' '}
                <span className="visually-hidden">
                  {ts('rating', { rating: designer.rating_avg.toFixed(1) })}
                </span>
                <span aria-hidden="true">{designer.rating_avg.toFixed(1)}</span> (
                {designer.review_count})
              </span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}
