import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AlertIcon, CalendarIcon, StoreIcon } from '../../components/icons';
import { Button, Card, Skeleton } from '../../components/ui';
import {
  isNotFoundError,
  isRescheduleRefusal,
  useBookingDetail,
  useBookingTimes,
  useHolidays,
  useRescheduleBooking,
  useStaffAndMenu,
  type BookingDetailData,
} from '../../features/booking/api';
import { HolidayCalendar } from '../../features/booking/booking-calendar';
import {
  BookingDetailLoading,
  BookingLoadError,
  BookingUnavailable,
} from '../../features/booking/booking-detail-states';
import { dayLabel } from '../../features/booking/calendar';
import { DesignerPicker } from '../../features/booking/designer-picker';
import { TimeGrid } from '../../features/booking/time-grid';
import styles from '../../features/booking/booking.module.css';
import { useCommonStore } from '../../lib/stores/common.store';

type Refusal = 'taken' | 'pastCutoff' | 'notAllowed' | 'sameAsNow';

interface Target {
  designerId: number;
  designerName: string;
  date: string;
  time: string;
}

function detailPath(bookingId: number): string {
  return `/mypage/reservationdetail?id=${bookingId}`;
}

/** One side of the check step: a date, a time and a designer. */
function When({
  label,
  date,
  time,
  designer,
  isNew,
}: {
  label: string;
  date: string;
  time: string;
  designer: string;
  isNew?: boolean;
}) {
  const language = useCommonStore((s) => s.language);
  return (
    <Card as="section" aria-label={label}>
      <div className={styles.changeSide} data-new={isNew || undefined}>
        <span className={styles.changeLabel}>{label}</span>
        <strong className={styles.changeWhen}>
          {dayLabel(date, language, true)} {time}
        </strong>
        <span className={styles.changeDesigner}>{designer}</span>
      </div>
    </Card>
  );
}

function RescheduleFlow({ booking }: { booking: BookingDetailData }) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const language = useCommonStore((s) => s.language);
  const toast = useCommonStore((s) => s.showToast);
  const [designerId, setDesignerId] = useState(booking.designer_id);
  const [designerName, setDesignerName] = useState(booking.designer_name);
  const [date, setDate] = useState<string | null>(booking.date);
  const [pickedTime, setTime] = useState<string | null>(null);
  const [isChecking, setIsChecking] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const move = useRescheduleBooking(booking.booking_id);

  // The same treatments: exact times for their length (a menu withdrawn since has no id; then
  // the salon's step is shown and the server checks the booking's own length).
  const menuIds = useMemo(
    () =>
      booking.menu_items.every((item) => item.menu_id !== null)
        ? booking.menu_items.map((item) => item.menu_id as number)
        : [],
    [booking.menu_items],
  );
  const holidays = useHolidays(booking.shop_id, designerId);
  const staff = useStaffAndMenu(booking.shop_id, null, null, []);
  // Its own current time is not taken for this move ("30 minutes later" is offered).
  const times = useBookingTimes(booking.shop_id, date, designerId, menuIds, booking.booking_id);
  const closedDates = useMemo(
    () => new Set(holidays.data?.holiday_list.map((h) => h.date) ?? []),
    [holidays.data],
  );
  const timeList = times.data?.date === date ? times.data.booking_time_list : undefined;

  // A time taken meanwhile (or closed for the designer now chosen) is no longer selected.
  const time =
    pickedTime !== null &&
    timeList?.some((slot) => slot.time === pickedTime && slot.available) === true
      ? pickedTime
      : null;

  const isSameAsNow =
    designerId === booking.designer_id && date === booking.date && time === booking.time;
  const target: Target | null =
    date !== null && time !== null ? { designerId, designerName, date, time } : null;

  const confirm = () => {
    if (!target) return;
    setRefusal(null);
    move.mutate(
      { designer_id: target.designerId, date: target.date, time: target.time },
      {
        onSuccess: (answer) => {
          toast(
            t('change.done', {
              date: dayLabel(answer.detail.date, language, true),
              time: answer.detail.time,
            }),
          );
          void navigate(detailPath(booking.booking_id), { replace: true });
        },
        onError: (error) => {
          const kind = isRescheduleRefusal(error);
          setIsChecking(false);
          if (kind === 'taken') setTime(null);
          setRefusal(kind ?? null);
          if (kind === null) toast(error.message, { alternateColor: true });
        },
      },
    );
  };

  const refusalBanner = refusal && (
    <div className={styles.alert} role="alert">
      <AlertIcon size={18} />
      <p>{t(`change.${refusal}`)}</p>
    </div>
  );

  if (isChecking && target) {
    return (
      <div className={styles.flow}>
        <h2 className={styles.sectionTitle}>{t('change.checkTitle')}</h2>
        <div className={styles.changePair}>
          <When
            label={t('change.before')}
            date={booking.date}
            time={booking.time}
            designer={booking.designer_name}
          />
          <span className={styles.changeArrow} aria-hidden="true">
            ↓
          </span>
          <When
            label={t('change.after')}
            date={target.date}
            time={target.time}
            designer={target.designerName}
            isNew
          />
        </div>
        <p className={styles.sectionNote}>
          {t('change.sameTreatments', {
            minutes: booking.duration_minutes,
            menus: booking.menu_items.map((item) => item.name).join(', '),
          })}
        </p>
        <p className={styles.sectionNote}>
          {t('change.numberKept', { number: booking.booking_number })}
        </p>
        <div className={styles.bar}>
          <div className={styles.barButtons}>
            <Button
              variant="outline"
              onClick={() => setIsChecking(false)}
              disabled={move.isPending}
            >
              {t('change.back')}
            </Button>
            <Button block onClick={confirm} isBusy={move.isPending}>
              {t('change.confirm')}
            </Button>
          </div>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.flow}>
      <div className={styles.shopLine}>
        <h2 className={styles.shopName}>
          <StoreIcon size={18} />
          <span>{booking.shop_name}</span>
        </h2>
      </div>
      <p className={styles.sectionNote}>
        {t('change.current')}: {dayLabel(booking.date, language, true)} {booking.time} ·{' '}
        {booking.designer_name}
      </p>
      {refusalBanner}
      <section className={styles.section} aria-labelledby="change-designer">
        <h3 id="change-designer" className={styles.sectionTitle}>
          {t('change.designerTitle')}
        </h3>
        {staff.data ? (
          <DesignerPicker
            staff={staff.data.booking_staff_list}
            selectedId={designerId}
            onSelect={(designer) => {
              setDesignerId(designer.id);
              setDesignerName(designer.name);
              setRefusal(null);
            }}
          />
        ) : (
          <Skeleton width="100%" height={120} radius="var(--radius-lg)" />
        )}
      </section>
      <section className={styles.section} aria-labelledby="change-date">
        <h3 id="change-date" className={styles.sectionTitle}>
          {t('change.dateTitle')}
        </h3>
        <HolidayCalendar
          holidays={holidays}
          language={language}
          closedDates={closedDates}
          selected={date}
          onSelect={(day) => {
            setDate(day);
            setRefusal(null);
          }}
        />
      </section>
      <section className={styles.section} aria-labelledby="change-time">
        <h3 id="change-time" className={styles.sectionTitle}>
          {t('change.timeTitle')}
        </h3>
        {date === null ? (
          <p className={styles.hint}>
            <CalendarIcon size={18} /> {t('change.pickDateFirst')}
          </p>
        ) : times.isError ? (
          <div className={styles.alert} role="alert">
            <AlertIcon size={18} />
            <p>{times.error.message}</p>
          </div>
        ) : !timeList ? (
          <div aria-busy="true" className={styles.times}>
            <span className="visually-hidden">{t('loading')}</span>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} width="100%" height={44} radius="var(--radius-md)" />
            ))}
          </div>
        ) : !timeList.some((slot) => slot.available) ? (
          <p className={styles.hint}>{t('first.noTimes')}</p>
        ) : (
          <>
            <p className={styles.sectionNote}>
              {t('change.sameTreatments', {
                minutes: booking.duration_minutes,
                menus: booking.menu_items.map((item) => item.name).join(', '),
              })}
            </p>
            <TimeGrid
              language={language}
              times={timeList}
              selected={time}
              onSelect={(picked) => {
                setTime(picked);
                setRefusal(null);
              }}
            />
          </>
        )}
      </section>
      <div className={styles.bar}>
        {target && (
          <p className={styles.barSummary}>
            <span>{t('change.after')}</span>
            <strong>
              {t('first.selected', { date: dayLabel(target.date, language), time: target.time })}
            </strong>
          </p>
        )}
        <div className={styles.barButtons}>
          <Button
            block
            disabled={!target}
            onClick={() => {
              if (isSameAsNow) return setRefusal('sameAsNow');
              setRefusal(null);
              setIsChecking(true);
            }}
          >
            {t('change.next')}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** /mypage/reservationchange?id= — pick a new time for a booking, check old → new, confirm. */
export default function BookingRescheduleScreen() {
  const { t } = useTranslation('booking');
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('id') ?? params.get('booking_id'));
  const bookingId = Number.isInteger(fromUrl) && fromUrl > 0 ? fromUrl : null;
  const detail = useBookingDetail(bookingId);

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
  if (!detail.data.can_reschedule) {
    return <BookingUnavailable icon={<AlertIcon size={28} />} title={t('change.notAllowed')} />;
  }
  return <RescheduleFlow booking={detail.data} />;
}
