import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CalendarIcon } from '../../components/icons';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../components/ui';
import { buttonClassName } from '../../components/ui/button';
import { bookingIcsUrl, type BookingDetailData } from './api';
import styles from './booking.module.css';

/** A booking page while its detail loads: `children` are the skeletons shaped like the page. */
export function BookingLoading({ children }: { children: ReactNode }) {
  const { t } = useTranslation('booking');
  return (
    <div className={styles.page} aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {children}
    </div>
  );
}

/** A booking detail page while its detail loads. */
export function BookingDetailLoading() {
  return (
    <BookingLoading>
      <Skeleton width="60%" height={28} />
      <Skeleton width="100%" height={420} radius="var(--radius-lg)" />
    </BookingLoading>
  );
}

/**
 * A booking page with nothing to show for this booking (unknown, another member's, or one that
 * cannot be moved): why, and the way back to the bookings list.
 */
export function BookingUnavailable({
  icon,
  title,
  description,
}: {
  icon: ReactNode;
  title: string;
  description?: string;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className={styles.page}>
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        actions={
          <ButtonLink to="/mypage/reservation/done" size="md">
            {t('detail.backToHistory')}
          </ButtonLink>
        }
      />
    </div>
  );
}

/** A booking page whose detail failed to load: the error and a retry button. */
export function BookingLoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: Error;
  onRetry: () => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className={styles.page}>
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={title}
        description={error.message}
        actions={
          <Button size="md" onClick={onRetry}>
            {t('retry')}
          </Button>
        }
      />
    </div>
  );
}

/** "Add to calendar": downloads the booking's .ics file. */
export function BookingIcsLink({
  booking,
  children,
}: {
  booking: Pick<BookingDetailData, 'booking_id' | 'booking_number'>;
  children: ReactNode;
}) {
  return (
    <a
      className={buttonClassName({ variant: 'outline', block: true })}
      href={bookingIcsUrl(booking.booking_id)}
      download={`carol-${booking.booking_number}.ics`}
    >
      <CalendarIcon size={18} />
      {children}
    </a>
  );
}
