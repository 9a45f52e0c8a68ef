import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { BookingListItem } from '@carol/contracts';
import { formatPrice } from '@carol/i18n/client';
import { AlertIcon, CalendarIcon } from '../../components/icons';
import { SegmentedNav } from '../../components/segmented-nav';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../components/ui';
import {
  historyRouteTabs,
  historyTabOf,
  useBookingHistory,
  type HistoryRouteTab,
} from '../../features/booking/api';
import { BookingStatusBadges } from '../../features/booking/booking-status';
import { dayLabel } from '../../features/booking/calendar';
import styles from '../../features/booking/booking.module.css';
import { WaitlistList } from '../../features/booking/waitlist';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useMypageStore } from '../../lib/stores/mypage.store';

const routeTabOf: Record<string, HistoryRouteTab> = {
  done: 'done',
  reserved: 'done',
  cancel: 'cancel',
  cancelled: 'cancel',
  visit: 'visit',
  visited: 'visit',
};

function BookingCard({ booking }: { booking: BookingListItem }) {
  const { t } = useTranslation('booking');
  const language = useCommonStore((s) => s.language);
  return (
    <li>
      <Link
        to={`/mypage/reservationdetail?id=${booking.booking_id}`}
        className={styles.card}
        onClick={() => useMypageStore.getState().patch({ detailBookingID: booking.booking_id })}
        data-booking-number={booking.booking_number}
      >
        <div className={styles.cardHead}>
          <p className={styles.cardDate}>
            {dayLabel(booking.date, language, true)} {booking.time}
          </p>
          <BookingStatusBadges booking={booking} />
        </div>
        <p className={styles.cardShop}>{booking.shop_name}</p>
        <p className={styles.cardMeta}>
          {[booking.designer_name, booking.menu_names.join(', ')].filter(Boolean).join(' · ')}
        </p>
        <div className={styles.cardFoot}>
          <span className={styles.muted}>
            {t('detail.number')} {booking.booking_number}
          </span>
          <strong>{formatPrice(booking.total_price, booking.currency, language)}</strong>
        </div>
        {booking.reviewable && (
          <span className={`${styles.badge} ${styles.badgeAccent}`}>{t('review.title')}</span>
        )}
      </Link>
    </li>
  );
}

function HistoryList({ tab }: { tab: HistoryRouteTab }) {
  const { t } = useTranslation('booking');
  const list = useBookingHistory(historyTabOf[tab] ?? 'reserved');
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;

  // Infinite scroll: the next page loads when the end of the list comes into view.
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (list.isPending) {
    return (
      <div className={styles.list} aria-busy="true">
        <span className="visually-hidden">{t('loading')}</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} width="100%" height={132} radius={16} />
        ))}
      </div>
    );
  }
  if (list.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={28} />}
        title={t('history.error')}
        description={list.error.message}
        actions={
          <Button size="md" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  }
  const bookings = list.data.pages.flatMap((page) => page.booking_list);
  if (bookings.length === 0) {
    return (
      <EmptyState
        icon={<CalendarIcon size={28} />}
        title={t(`history.empty.${tab}`)}
        description={t('history.emptyHint')}
        actions={
          tab === 'done' ? (
            <ButtonLink to={paths.findList()} size="md">
              {t('history.findSalons')}
            </ButtonLink>
          ) : undefined
        }
      />
    );
  }
  return (
    <>
      <p className={styles.muted}>
        {t('history.window')} · {t('history.total', { count: list.data.pages[0]?.total ?? 0 })}
      </p>
      <ul className={styles.list}>
        {bookings.map((booking) => (
          <BookingCard key={booking.booking_id} booking={booking} />
        ))}
      </ul>
      <div ref={sentinel} />
      {hasNextPage && (
        <Button
          size="md"
          variant="outline"
          isBusy={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t('history.more')}
        </Button>
      )}
    </>
  );
}

/** /mypage/reservation/:type — the last 2 years: reservation done, cancel done, visit done. */
export default function BookingHistoryScreen() {
  const { t } = useTranslation('screens');
  const { type = 'done' } = useParams();
  const tab = routeTabOf[type] ?? 'done';
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('reservationHistory.heading')}</h1>
      <SegmentedNav
        label={t('reservationHistory.title')}
        isStretched
        replace
        segments={historyRouteTabs.map((value) => ({
          to: `/mypage/reservation/${value}`,
          label: t(`reservationHistory.tabs.${value}`),
          isCurrent: tab === value,
        }))}
      />
      {tab === 'done' && <WaitlistList />}
      <HistoryList key={tab} tab={tab} />
    </div>
  );
}
