import { useTranslation } from 'react-i18next';
import { formatPrice } from '@carol/i18n';
import { AlertIcon, CalendarIcon, CheckIcon } from '../../components/icons';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../components/ui';
import { buttonClassName } from '../../components/ui/button';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { bookingIcsUrl, useBookingDetail } from './api';
import { dayLabel } from './calendar';
import styles from './reservation.module.css';

/** After add_booking: the booking, "add to calendar" (.ics) and the way to the history. */
export function BookingConfirmation({ bookingId }: { bookingId: number }) {
  const { t } = useTranslation('reservation');
  const language = useCommonStore((s) => s.language);
  const detail = useBookingDetail(bookingId);

  if (detail.isPending) {
    return (
      <div className={styles.page} aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        <Skeleton width="100%" height={160} radius="var(--radius-lg)" />
        <Skeleton width="100%" height={240} radius="var(--radius-lg)" />
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className={styles.page}>
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('detail.notFound')}
          description={detail.error.message}
          actions={
            <Button size="md" onClick={() => void detail.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      </div>
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
        <div className={`${styles.row} ${styles.totalRow}`}>
          <dt>{t('check.total')}</dt>
          <dd>{formatPrice(booking.total_price, booking.currency, language)}</dd>
          <span />
        </div>
      </dl>
      <div className={styles.actions}>
        <a
          className={buttonClassName({ variant: 'outline', block: true })}
          href={bookingIcsUrl(booking.booking_id)}
          download={`carol-${booking.booking_number}.ics`}
        >
          <CalendarIcon size={18} />
          {t('done.addToCalendar')}
        </a>
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
