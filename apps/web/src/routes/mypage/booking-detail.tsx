import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate, formatPrice } from '@carol/i18n/client';
import { FailureBanner } from '../../components/failure-banner';
import { CalendarIcon } from '../../components/icons';
import { Button, ButtonLink, Card } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import {
  isNotFoundError,
  useBookingAction,
  useBookingDetail,
  useDeleteBooking,
  type BookingDetailData,
} from '../../features/booking/api';
import {
  BookingDetailLoading,
  BookingIcsLink,
  BookingLoadError,
  BookingUnavailable,
} from '../../features/booking/booking-detail-states';
import { BookingLookRow } from '../../features/booking/booking-look';
import { BookingStatusBadges } from '../../features/booking/booking-status';
import { dayLabel } from '../../features/booking/calendar';
import { ConfirmSheet } from '../../features/booking/confirm-sheet';
import { ReviewForm, ReviewView } from '../../features/booking/review-form';
import styles from '../../features/booking/booking.module.css';
import { useCommonStore } from '../../lib/stores/common.store';
import { useMypageStore } from '../../lib/stores/mypage.store';

type Pending = 'cancel' | 'visited' | 'delete' | null;

function DetailRows({ booking }: { booking: BookingDetailData }) {
  const { t } = useTranslation('booking');
  const language = useCommonStore((s) => s.language);
  const cancelledAt = booking.cancelled_at
    ? formatDate(new Date(booking.cancelled_at), language, booking.time_zone, {
        dateStyle: 'medium',
        timeStyle: 'short',
      })
    : null;
  const rows: Array<[string, ReactNode]> = [
    [t('detail.number'), <span data-testid="booking-number">{booking.booking_number}</span>],
    [t('detail.date'), dayLabel(booking.date, language, true)],
    [t('detail.time'), booking.time],
    [
      t('detail.shop'),
      <>
        <Link to={`/find/saloninfo/${booking.shop_id}`}>{booking.shop_name}</Link>
        <span className={styles.muted}>{booking.shop_address}</span>
      </>,
    ],
    [t('detail.designer'), booking.designer_name],
    [
      t('detail.treatments'),
      booking.menu_items.map((item, i) => (
        <span key={`${item.menu_id}-${i}`} className={styles.itemLine}>
          <span>{item.name}</span>
          <span>{formatPrice(item.price, booking.currency, language)}</span>
        </span>
      )),
    ],
    [t('detail.booker'), booking.booker_name],
    [t('detail.phone'), booking.booker_phone],
    [t('detail.request'), booking.request_note || t('detail.noRequest')],
    [t('detail.payment'), t('check.paymentOnSite')],
    [
      t('detail.usage'),
      booking.status === 'visited' ? t('status.usageDone') : t('status.usageBefore'),
    ],
  ];
  if (booking.rescheduled_at) {
    rows.push([
      t('detail.rescheduleInfo'),
      t('detail.rescheduledAt', {
        at: formatDate(new Date(booking.rescheduled_at), language, booking.time_zone, {
          dateStyle: 'medium',
          timeStyle: 'short',
        }),
      }),
    ]);
  }
  if (booking.status === 'cancelled') {
    rows.push([
      t('detail.cancelInfo'),
      t('detail.cancelledAt', {
        who: booking.cancelled_by === 'shop' ? t('status.cancelShop') : t('status.cancelCustomer'),
        origin:
          booking.cancel_origin === 'system' ? t('status.originSystem') : t('status.originApp'),
        at: cancelledAt ?? '',
      }),
    ]);
  }
  return (
    <dl className={styles.rows}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
          <span />
        </div>
      ))}
      {booking.look && (
        <BookingLookRow look={{ ...booking.look, thumbUrl: booking.look.thumb_url }} />
      )}
      <div className={`${styles.row} ${styles.totalRow}`}>
        <dt>{t('detail.total')}</dt>
        <dd>{formatPrice(booking.total_price, booking.currency, language)}</dd>
        <span />
      </div>
    </dl>
  );
}

/** The salon's cut-off in minutes, from the start and the last moment a change is allowed. */
function cutoffOf(booking: BookingDetailData): number {
  if (!booking.reschedule_until) return 0;
  return Math.round(
    (new Date(booking.starts_at).getTime() - new Date(booking.reschedule_until).getTime()) / 60_000,
  );
}

function DetailActions({ booking }: { booking: BookingDetailData }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const cancel = useBookingAction(booking.booking_id, 'cancel');
  const visited = useBookingAction(booking.booking_id, 'visited');
  const remove = useDeleteBooking(booking.booking_id);
  const toast = useCommonStore((s) => s.showToast);
  const language = useCommonStore((s) => s.language);
  const isBeforeStart = booking.reschedule_until !== null;

  const fail = (error: unknown) => {
    setPending(null);
    setFailure(error);
    // "Already visited / cancelled" answers: the detail on screen is stale, show the truth.
    if (isApiError(error) && error.resCode.startsWith('BOOKING_ALREADY')) {
      toast(error.resMessage, { alternateColor: true });
    }
  };

  const confirm = () => {
    setFailure(null);
    if (pending === 'cancel') {
      cancel.mutate(undefined, {
        onSuccess: () => {
          setPending(null);
          toast(t('detail.cancelled'));
        },
        onError: fail,
      });
    } else if (pending === 'visited') {
      visited.mutate(undefined, {
        onSuccess: () => {
          setPending(null);
          toast(t('detail.visited'));
        },
        onError: fail,
      });
    } else if (pending === 'delete') {
      remove.mutate(undefined, {
        onSuccess: () => {
          setPending(null);
          useMypageStore.getState().patch({ detailBookingID: null });
          toast(t('detail.deleted'));
          void navigate('/mypage/reservation/cancel', { replace: true });
        },
        onError: fail,
      });
    }
  };

  const sheet = {
    cancel: {
      title: t('detail.cancelTitle'),
      body: t('detail.cancelBody'),
      confirm: t('detail.cancelConfirm'),
    },
    visited: {
      title: t('detail.visitTitle'),
      body: t('detail.visitBody'),
      confirm: t('detail.visitConfirm'),
    },
    delete: {
      title: t('detail.deleteTitle'),
      body: t('detail.deleteBody'),
      confirm: t('detail.deleteConfirm'),
    },
  };
  const hasActions =
    booking.status === 'reserved' || booking.can_mark_visited || booking.can_delete;
  if (!hasActions && failure === null) return null;

  return (
    <div className={styles.actions}>
      {failure !== null && <FailureBanner title={t('detail.failed')} error={failure} />}
      {booking.status === 'reserved' && (
        <BookingIcsLink booking={booking}>{t('detail.ics')}</BookingIcsLink>
      )}
      {booking.can_reschedule && booking.reschedule_until && (
        <>
          <ButtonLink
            block
            variant="outline"
            to={`/mypage/reservationchange?id=${booking.booking_id}`}
            data-testid="reschedule"
          >
            {t('detail.reschedule')}
          </ButtonLink>
          <p className={styles.hint}>
            {t('detail.rescheduleUntil', {
              at: formatDate(new Date(booking.reschedule_until), language, booking.time_zone, {
                dateStyle: 'medium',
                timeStyle: 'short',
              }),
            })}
          </p>
        </>
      )}
      {booking.status === 'reserved' && !booking.can_reschedule && isBeforeStart && (
        <p className={styles.hint}>
          {t('detail.reschedulePastCutoff', { minutes: cutoffOf(booking) })}
        </p>
      )}
      {booking.can_mark_visited && (
        <Button block onClick={() => setPending('visited')}>
          {t('detail.markVisited')}
        </Button>
      )}
      {booking.status === 'reserved' &&
        (booking.can_cancel ? (
          <Button block variant="outline" onClick={() => setPending('cancel')}>
            {t('detail.cancel')}
          </Button>
        ) : (
          <p className={styles.hint}>{t('detail.cancelPastStart')}</p>
        ))}
      {booking.can_delete && (
        <Button block variant="ghost" onClick={() => setPending('delete')}>
          {t('detail.delete')}
        </Button>
      )}
      <ConfirmSheet
        isOpen={pending !== null}
        title={pending ? sheet[pending].title : ''}
        body={pending ? sheet[pending].body : ''}
        confirmLabel={pending ? sheet[pending].confirm : ''}
        isDanger={pending === 'cancel' || pending === 'delete'}
        isBusy={cancel.isPending || visited.isPending || remove.isPending}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </div>
  );
}

/** /mypage/reservationdetail?id= (or the detailBookingID kept when a history entry was opened). */
export default function BookingDetailScreen() {
  const { t } = useTranslation('booking');
  const [params] = useSearchParams();
  const storedId = useMypageStore((s) => s.detailBookingID);
  const fromUrl = Number(params.get('id') ?? params.get('booking_id'));
  const bookingId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : storedId;
  const detail = useBookingDetail(bookingId);
  const [isReviewing, setIsReviewing] = useState(false);

  if (bookingId === null || (detail.isError && isNotFoundError(detail.error))) {
    return (
      <BookingUnavailable
        icon={<CalendarIcon size={28} />}
        title={t('detail.notFound')}
        description={t('detail.notFoundHint')}
      />
    );
  }
  if (detail.isPending) {
    return <BookingDetailLoading />;
  }
  if (detail.isError) {
    return (
      <BookingLoadError
        title={t('error')}
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  }
  const booking = detail.data;
  return (
    <div className={styles.page}>
      <div className={styles.cardHead}>
        <h1 className={styles.cardDate}>{booking.shop_name}</h1>
        <BookingStatusBadges booking={booking} />
      </div>
      <Card as="section">
        <DetailRows booking={booking} />
      </Card>
      <DetailActions booking={booking} />
      {(booking.review || booking.reviewable) && (
        <Card as="section" aria-labelledby="booking-review">
          <div className={styles.section}>
            <h2 id="booking-review" className={styles.sectionTitle}>
              {booking.review ? t('review.written') : t('review.title')}
            </h2>
            {booking.review ? (
              <ReviewView review={booking.review} />
            ) : isReviewing ? (
              <ReviewForm
                bookingId={booking.booking_id}
                onDone={() => {
                  setIsReviewing(false);
                  void detail.refetch();
                }}
              />
            ) : (
              <Button block onClick={() => setIsReviewing(true)}>
                {t('review.title')}
              </Button>
            )}
          </div>
        </Card>
      )}
    </div>
  );
}
