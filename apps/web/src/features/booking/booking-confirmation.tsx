import { useTranslation } from 'react-i18next';
import { formatPrice } from '@carol/i18n/client';
import { CheckIcon } from '../../components/icons';
import { ButtonLink, Skeleton } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useBookingDetail } from './api';
import { BookingLookRow } from './booking-look';
import { BookingIcsLink, BookingLoadError, BookingLoading } from './booking-detail-states';
import { dayLabel } from './calendar';
import styles from './booking.module.css';

/** After add_booking: the booking, "add to calendar" (.ics) and the way to the history. */
export function BookingConfirmation({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation('booking');
  const language = useCommonStore((s) => s.language);
  const detail = useBookingDetail(bookingId);

  if (detail.isPending) {
    return (
      <BookingLoading>
        <Skeleton width="100%" height={160} radius="var(--radius-lg)" />
        <Skeleton width="100%" height={240} radius="var(--radius-lg)" />
      </BookingLoading>
    );
  }
  if (detail.isError) {
    return (
      <BookingLoadError
        title={t('detail.notFound')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const booking = detail.data;
  return (
    <div className={styles.page}>
      <div className={styles.doneHero}>
        <span className={styles.doneIcon} aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        <h2 className={styles.doneTitle}>{t('done.title')}</h2>
        <p className={styles.doneBody}>{t('done.body')}</p>
      </div>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{t('done.number')}</dt>
          <dd data-testid="booking-number">{booking.booking_number}</dd>
          <span />
        </div>
        <div className={styles.row}>
          <dt>{t('check.shop')}</dt>
          <dd>{booking.shop_name}</dd>
          <span />
        </div>
        <div className={styles.row}>
          <dt>{t('check.date')}</dt>
          <dd>
            {dayLabel(booking.date, language, true)} {booking.time}
          </dd>
          <span />
        </div>
        <div className={styles.row}>
          <dt>{t('check.designer')}</dt>
          <dd>{booking.designer_name}</dd>
          <span />
        </div>
        <div className={styles.row}>
          <dt>{t('check.treatments')}</dt>
          <dd>{booking.menu_items.map((item) => item.name).join(', ')}</dd>
          <span />
        </div>
        {booking.look && (
          <BookingLookRow look={{ ...booking.look, thumbUrl: booking.look.thumb_url }} />
        )}
        <div className={`${styles.row} ${styles.totalRow}`}>
          <dt>{t('check.total')}</dt>
          <dd>{formatPrice(booking.total_price, booking.currency, language)}</dd>
          <span />
        </div>
      </dl>
      <div className={styles.actions}>
        <BookingIcsLink booking={booking}>{t('done.addToCalendar')}</BookingIcsLink>
        <ButtonLink to={`/mypage/reservation/done`} block>
          {t('done.history')}
        </ButtonLink>
        <ButtonLink to={paths.home} variant="ghost" block>
          {t('done.home')}
        </ButtonLink>
      </div>
    </div>
  );
}
