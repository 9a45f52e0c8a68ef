import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CalendarIcon } from '../../components/icons';
import { Button, EmptyState } from '../../components/ui';
import { buttonClassName } from '../../components/ui/button';
import { bookingIcsUrl, type BookingDetailData } from './api';
import styles from './reservation.module.css';

/** A booking page while its detail loads: `children` are the skeletons shaped like the page. */
export function BookingLoading({ children }: { children: ReactNode }) {
  const { t } = useTranslation('reservation');
  return (
    <div className={styles.page} aria-busy="true">
      <span className="visually-hidden">{t('loading')}</span>
      {children}
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
  const { t } = useTranslation('reservation');
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
