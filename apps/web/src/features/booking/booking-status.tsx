import { useTranslation } from 'react-i18next';
import type { BookingListItem } from '@carol/contracts';
import { cx } from '../../lib/cx';
import styles from './booking.module.css';

/**
 * Spec 4: the status of a booking (reserved, cancelled, visited), who cancelled it and from
 * where (customer / shop, customer app / system), and the usage status (before use / done).
 */
export function BookingStatusBadges({
  booking,
}: {
  booking: Pick<BookingListItem, 'status' | 'cancelled_by' | 'cancel_origin' | 'reviewed'>;
}) {
  const { t } = useTranslation('booking');
  return (
    <span className={styles.badges}>
      {booking.status === 'reserved' && (
        <>
          <span className={cx(styles.badge, styles.badgeAccent)}>{t('status.reserved')}</span>
          <span className={cx(styles.badge, styles.badgeMuted)}>{t('status.usageBefore')}</span>
        </>
      )}
      {booking.status === 'visited' && (
        <>
          <span className={styles.badge}>{t('status.visited')}</span>
          {booking.reviewed && (
            <span className={cx(styles.badge, styles.badgeMuted)}>{t('status.reviewed')}</span>
          )}
        </>
      )}
      {booking.status === 'cancelled' && (
        <>
          <span className={cx(styles.badge, styles.badgeDanger)}>{t('status.cancelled')}</span>
          {booking.cancelled_by && (
            <span className={cx(styles.badge, styles.badgeMuted)}>
              {booking.cancelled_by === 'shop'
                ? t('status.cancelShop')
                : t('status.cancelCustomer')}
            </span>
          )}
        </>
      )}
    </span>
  );
}
