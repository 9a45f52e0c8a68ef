import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@carol/i18n/client';
import type { LinkedBooking } from '@carol/contracts';
import { Button, ButtonLink, Card, EmptyState, Skeleton } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './reminder-link.module.css';
import { useCancelByLink, useLinkedBooking } from './use-reminders';

const statusKeys = {
  reserved: 'link.statusReserved',
  cancelled: 'link.statusCancelled',
  visited: 'link.statusVisited',
} as const;

function BookingFacts({ booking }: { booking: LinkedBooking }) {
  const { t } = useTranslation('reminders');
  const language = useCommonStore((s) => s.language);
  const date = formatDate(new Date(booking.starts_at), language, booking.time_zone, {
    dateStyle: 'full',
  });
  return (
    <dl className={styles.facts}>
      <dt>{t('link.number')}</dt>
      <dd>{booking.booking_number}</dd>
      <dt>{t('link.shop')}</dt>
      <dd>{booking.shop_name}</dd>
      <dt>{t('link.when')}</dt>
      <dd>
        {date} {booking.time}
      </dd>
      <dt>{t('link.designer')}</dt>
      <dd>{booking.designer_name}</dd>
      <dt>{t('link.menus')}</dt>
      <dd>{booking.menu_names.join(', ') || '-'}</dd>
      <dt>{t('link.status')}</dt>
      <dd>{t(statusKeys[booking.status])}</dd>
    </dl>
  );
}

/**
 * /r/:token — a reminder's one-tap link: the booking at a glance without signing in, and for a
 * cancel link a cancel button behind a confirmation step. The server decides whether the
 * booking may still be cancelled (the app's rule: never from the start time on).
 */
export function ReminderLink({ token }: { token: string }) {
  const { t } = useTranslation('reminders');
  const linked = useLinkedBooking(token);
  const cancel = useCancelByLink(token);
  const [isConfirming, setConfirming] = useState(false);

  if (linked.isPending) {
    return (
      <Card className={styles.card} aria-busy="true">
        <p>{t('link.loading')}</p>
        <Skeleton height={120} />
      </Card>
    );
  }
  if (linked.isError) {
    return (
      <EmptyState
        title={t('link.title')}
        description={isApiError(linked.error) ? linked.error.resMessage : t('link.cannotCancel')}
        actions={<ButtonLink to="/mypage/reservation/done">{t('link.openApp')}</ButtonLink>}
      />
    );
  }
  const { booking, purpose, can_cancel: canCancel } = linked.data;
  const isCancelled = booking.status === 'cancelled';
  return (
    <Card className={styles.card} as="section" aria-labelledby="reminder-link-title">
      <h2 id="reminder-link-title">
        {purpose === 'cancel' ? t('link.cancelTitle') : t('link.title')}
      </h2>
      <BookingFacts booking={booking} />
      {cancel.isSuccess && (
        <p role="status" className={styles.notice}>
          {t('link.cancelled')}
        </p>
      )}
      {cancel.isError && (
        <p role="alert" className={styles.notice}>
          {isApiError(cancel.error) ? cancel.error.resMessage : t('link.cannotCancel')}
        </p>
      )}
      {purpose === 'cancel' && !canCancel && !isCancelled && (
        <p className={styles.notice}>{t('link.cannotCancel')}</p>
      )}
      {canCancel && !isConfirming && (
        <Button variant="outline" block onClick={() => setConfirming(true)}>
          {t('link.cancelButton')}
        </Button>
      )}
      {canCancel && isConfirming && (
        <div className={styles.confirm} role="group" aria-labelledby="reminder-confirm">
          <p id="reminder-confirm">{t('link.confirmQuestion')}</p>
          <div className={styles.actions}>
            <Button
              variant="primary"
              block
              isBusy={cancel.isPending}
              onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
            >
              {t('link.confirmYes')}
            </Button>
            <Button variant="ghost" block onClick={() => setConfirming(false)}>
              {t('link.confirmNo')}
            </Button>
          </div>
        </div>
      )}
      <ButtonLink to="/mypage/reservation/done" variant="ghost" block>
        {t('link.openApp')}
      </ButtonLink>
    </Card>
  );
}
