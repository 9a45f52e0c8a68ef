import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MypageSummary, NextBooking } from '@carol/contracts';
import { formatPersonName } from '@carol/i18n/client';
import {
  AlertIcon,
  CalendarIcon,
  ChevronRightIcon,
  SettingsIcon,
  StoreIcon,
} from '../../components/icons';
import { Button, ButtonLink, EmptyState, SectionHeader, Skeleton } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useMypageStore } from '../../lib/stores/mypage.store';
import type { useMypageSummary } from './api';
import { bookingWhen, daysUntil } from './next-booking';
import styles from './mypage.module.css';

type SummaryQuery = ReturnType<typeof useMypageSummary>;

const countLinks = [
  { key: 'styles', field: 'favorite_styles', to: paths.myFavorite('styles') },
  { key: 'designers', field: 'favorite_designers', to: paths.myFavorite('designers') },
  { key: 'shops', field: 'favorite_shops', to: paths.myFavorite('shops') },
  { key: 'gallery', field: 'gallery_photos', to: '/mypage/mygallery' },
] as const satisfies ReadonlyArray<{
  key: string;
  field: keyof MypageSummary['counts'];
  to: string;
}>;

/**
 * "{name}님" / "{name}さん" / "Hi, {name}" with the name's last letter and what follows it kept
 * on one line: a long name may wrap, the honorific never starts a line alone.
 */
function Greeting({ name }: { name: string }) {
  const { t } = useTranslation('mypage');
  const marker = '\u{E000}';
  const [before = '', after = ''] = t('greeting', { name: marker }).split(marker);
  const letters = Array.from(name);
  const last = letters.pop() ?? '';
  return (
    <>
      {before}
      {letters.join('')}
      <span className={styles.nameEnd}>
        {last}
        {after}
      </span>
    </>
  );
}

/** The member's name and greeting, and what they keep here (favourites, gallery), each a way in. */
export function ProfileCard({ summary }: { summary: SummaryQuery }) {
  const { t } = useTranslation('mypage');
  const language = useCommonStore((s) => s.language);
  const member = summary.data?.member;
  const name = member ? formatPersonName(member.family_name, member.given_name, language) : '';
  return (
    <section
      className={styles.profile}
      aria-labelledby="mypage-greeting"
      aria-busy={summary.isPending}
    >
      <div className={styles.profileHead}>
        <span className={styles.avatar} aria-hidden="true">
          {Array.from(name)[0] ?? ''}
        </span>
        <div className={styles.who}>
          {member ? (
            <h2 id="mypage-greeting" className={styles.name}>
              <Greeting name={name} />
            </h2>
          ) : (
            <h2 id="mypage-greeting" className={styles.name}>
              {summary.isPending ? (
                <>
                  <span className="visually-hidden">{t('loading')}</span>
                  <Skeleton width="9em" height={24} radius={8} />
                </>
              ) : (
                t('error')
              )}
            </h2>
          )}
          <p className={styles.hello}>{t('hello')}</p>
        </div>
        <Link to="/mypage/setting" className={styles.manage}>
          <SettingsIcon size={16} />
          {t('manageAccount')}
        </Link>
      </div>
      {summary.isError && !summary.data && (
        <Button
          size="md"
          variant="outline"
          className={styles.retry}
          isBusy={summary.isFetching}
          onClick={() => void summary.refetch()}
        >
          {t('retry')}
        </Button>
      )}
      <nav aria-label={t('counts.label')}>
        <ul className={styles.counts}>
          {countLinks.map(({ key, field, to }) => (
            <li key={key}>
              <Link to={to} className={styles.count}>
                <strong className={styles.countValue}>
                  {summary.data ? (
                    summary.data.counts[field].toLocaleString(language)
                  ) : summary.isPending ? (
                    <Skeleton width={24} height={20} radius={6} />
                  ) : (
                    '–'
                  )}
                </strong>
                <span className={styles.countLabel}>{t(`counts.${key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

function NextBookingCard({ booking }: { booking: NextBooking }) {
  const { t } = useTranslation('mypage');
  const language = useCommonStore((s) => s.language);
  const now = new Date();
  const when = bookingWhen(booking, language, now);
  const days = daysUntil(booking, now);
  // A booking under way (or one that began before midnight) is today's.
  const badge =
    days <= 0 ? t('next.today') : days === 1 ? t('next.tomorrow') : t('next.inDays', { days });
  return (
    <Link
      to={`/mypage/reservationdetail?id=${booking.booking_id}`}
      className={styles.booking}
      onClick={() => useMypageStore.getState().patch({ detailBookingID: booking.booking_id })}
      data-booking-number={booking.booking_number}
    >
      {booking.shop_thumbnail ? (
        <img
          className={styles.bookingThumb}
          src={booking.shop_thumbnail}
          alt=""
          width={72}
          height={72}
          decoding="async"
        />
      ) : (
        <span className={styles.bookingThumb} aria-hidden="true">
          <StoreIcon size={28} />
        </span>
      )}
      <span className={styles.bookingBody}>
        <span className={styles.bookingWhen}>
          <span className={days <= 1 ? styles.badgeSoon : styles.badge}>{badge}</span>
          <time dateTime={booking.starts_at}>
            {when.date} {when.time}
          </time>
        </span>
        <span className={styles.bookingShop}>{booking.shop_name}</span>
        <span className={styles.bookingMeta}>
          {[t('next.designer', { name: booking.designer_name }), booking.menu_names.join(', ')]
            .filter(Boolean)
            .join(' · ')}
        </span>
      </span>
      <ChevronRightIcon size={18} className={styles.chevron} />
    </Link>
  );
}

/** The next reservation with its salon, designer, date and time, or a way to find a salon. */
export function NextBookingSection({ summary }: { summary: SummaryQuery }) {
  const { t } = useTranslation('mypage');
  const count = summary.data?.upcoming_count ?? 0;
  const next = summary.data?.next_booking ?? null;
  return (
    <section aria-labelledby="mypage-next">
      <SectionHeader
        id="mypage-next"
        title={t('next.title')}
        action={{
          to: '/mypage/reservation/done',
          label: count > 1 ? t('next.upcoming', { count }) : t('next.all'),
        }}
      />
      {summary.isPending ? (
        <Skeleton height={106} radius={16} />
      ) : summary.isError && !summary.data ? (
        <div className={styles.emptyCard}>
          <EmptyState icon={<AlertIcon size={28} />} title={t('error')} headingLevel="h3" />
        </div>
      ) : next ? (
        <NextBookingCard booking={next} />
      ) : (
        <div className={styles.emptyCard}>
          <EmptyState
            icon={<CalendarIcon size={28} />}
            title={t('next.emptyTitle')}
            description={t('next.emptyBody')}
            headingLevel="h3"
            actions={
              <ButtonLink to={paths.findList()} size="md">
                {t('next.findSalon')}
              </ButtonLink>
            }
          />
        </div>
      )}
    </section>
  );
}
