import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AlertIcon, CalendarIcon } from '../../components/icons';
import { Button, Skeleton } from '../../components/ui';
import { NoShopState, ShopClosedState } from '../../features/booking/flow-states';
import { dayLabel } from '../../features/booking/calendar';
import { FlowShell } from '../../features/booking/flow-shell';
import { HolidayCalendar } from '../../features/booking/booking-calendar';
import { TimeGrid } from '../../features/booking/time-grid';
import { WaitlistOffer } from '../../features/booking/waitlist';
import { isShopClosedError, useBookingTimes, useHolidays } from '../../features/booking/api';
import styles from '../../features/booking/booking.module.css';
import { trackBooking } from '../../lib/analytics';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';

function shopIdFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** /reservation/first — steps 1 and 2: the date, then a time shown available or unavailable. */
export default function BookingFirstScreen() {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const language = useCommonStore((s) => s.language);
  const requestedShop = shopIdFrom(params.get('shop_id'));
  const isClash = params.get('clash') === '1';
  const storedShop = useReservationStore((s) => s.shopID);
  const selectedDate = useReservationStore((s) => s.selectedDate);
  const selectedTime = useReservationStore((s) => s.selectedTime);
  const designerID = useReservationStore((s) => s.selectedDesignerID);
  const designerName = useReservationStore((s) => s.selectedDesignerName);
  const menus = useReservationStore((s) => s.selectedMenuList);
  const menuIds = useMemo(() => menus.map((m) => m.menuId), [menus]);
  const duration = menus.reduce((sum, m) => sum + m.durationMinutes, 0);
  const shopID = requestedShop ?? storedShop;

  const requestedDesigner = shopIdFrom(params.get('designer_id'));
  const requestedDate = params.get('date');
  // The Book button passes ?shop_id= (a designer's page also &designer_id=): start (or resume)
  // that shop's draft, with that designer chosen (named once step two loads the staff). A
  // waitlist notice also passes &date= (ADR 058): that day is chosen.
  useEffect(() => {
    if (requestedShop === null) return;
    useReservationStore.getState().startForShop(requestedShop);
    const { selectedDesignerID, selectDesigner, selectDate } = useReservationStore.getState();
    if (requestedDesigner !== null && selectedDesignerID !== requestedDesigner) {
      selectDesigner(requestedDesigner, '');
    }
    if (requestedDate !== null && /^\d{4}-\d{2}-\d{2}$/.test(requestedDate)) {
      selectDate(requestedDate);
    }
  }, [requestedShop, requestedDesigner, requestedDate]);

  const holidays = useHolidays(shopID);
  const shop = holidays.data?.shop;
  const closedDates = useMemo(
    () => new Set(holidays.data?.holiday_list.map((h) => h.date) ?? []),
    [holidays.data],
  );
  useEffect(() => {
    if (!shop) return;
    useReservationStore.getState().patch({ shopName: shop.name, holidayList: [...closedDates] });
  }, [shop, closedDates]);

  // Spec 5: once a designer and treatments are chosen, the times are exact for them.
  const isExact = designerID !== null && menuIds.length > 0;
  const times = useBookingTimes(
    shopID,
    selectedDate,
    isExact ? designerID : null,
    isExact ? menuIds : [],
  );
  const timeList = times.data?.date === selectedDate ? times.data?.booking_time_list : undefined;
  useEffect(() => {
    if (!timeList) return;
    useReservationStore.getState().patch({ timeList });
    // A time that has been taken meanwhile (or after a clash) is no longer selected.
    const current = useReservationStore.getState().selectedTime;
    if (current && !timeList.some((slot) => slot.time === current && slot.available)) {
      useReservationStore.getState().selectTime(null);
    }
  }, [timeList]);

  if (shopID === null) {
    return (
      <FlowShell step="first">
        <NoShopState />
      </FlowShell>
    );
  }
  if ((holidays.isError && isShopClosedError(holidays.error)) || shop?.is_booking_open === false) {
    return (
      <FlowShell step="first">
        <ShopClosedState shopId={shopID} />
      </FlowShell>
    );
  }

  const canContinue = selectedDate !== null && selectedTime !== null;
  const bar = (
    <>
      {canContinue && (
        <p className={styles.barSummary}>
          <span>{t('first.timeTitle')}</span>
          <strong>
            {t('first.selected', {
              date: dayLabel(selectedDate, language),
              time: selectedTime,
            })}
          </strong>
        </p>
      )}
      <div className={styles.barButtons}>
        <Button
          block
          disabled={!canContinue}
          onClick={() => {
            useReservationStore.getState().patch({ isBackToFirst: false });
            void navigate('/reservation/second');
          }}
        >
          {t('first.nextLabel')}
        </Button>
      </div>
    </>
  );

  return (
    <FlowShell step="first" bar={bar}>
      {isClash && (
        <div className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <p>{t('check.clash')}</p>
        </div>
      )}
      <section className={styles.section} aria-labelledby="reservation-date">
        <h3 id="reservation-date" className={styles.sectionTitle}>
          {t('first.dateTitle')}
        </h3>
        <HolidayCalendar
          holidays={holidays}
          language={language}
          closedDates={closedDates}
          selected={selectedDate}
          onSelect={(date) => {
            useReservationStore.getState().selectDate(date);
            trackBooking('booking_date_selected', { shop_id: shopID });
          }}
        />
      </section>
      <section className={styles.section} aria-labelledby="reservation-time">
        <h3 id="reservation-time" className={styles.sectionTitle}>
          {t('first.timeTitle')}
        </h3>
        {selectedDate === null ? (
          <p className={styles.hint}>
            <CalendarIcon size={18} /> {t('first.pickDateFirst')}
          </p>
        ) : times.isError ? (
          isShopClosedError(times.error) ? (
            <ShopClosedState shopId={shopID} />
          ) : (
            <div className={styles.alert} role="alert">
              <AlertIcon size={18} />
              <p>{times.error.message}</p>
              <div className={styles.alertActions}>
                <Button size="md" variant="outline" onClick={() => void times.refetch()}>
                  {t('retry')}
                </Button>
              </div>
            </div>
          )
        ) : !timeList ? (
          <div aria-busy="true" className={styles.times}>
            <span className="visually-hidden">{t('loading')}</span>
            {Array.from({ length: 8 }, (_, i) => (
              <Skeleton key={i} width="100%" height={44} radius="var(--radius-md)" />
            ))}
          </div>
        ) : timeList.length === 0 ? (
          <p className={styles.hint}>{t('first.noTimes')}</p>
        ) : (
          <>
            {!timeList.some((slot) => slot.available) && (
              <>
                <p className={styles.hint}>{t('first.noTimes')}</p>
                <WaitlistOffer
                  key={`${selectedDate}-${isExact ? designerID : 'any'}`}
                  shopId={shopID}
                  date={selectedDate}
                  times={timeList}
                  slotMinutes={times.data?.shop.slot_minutes ?? 30}
                  designer={
                    designerID !== null && designerName
                      ? { id: designerID, name: designerName }
                      : null
                  }
                />
              </>
            )}
            <p className={styles.sectionNote}>
              {isExact
                ? t('first.forDesigner', { name: designerName, minutes: duration })
                : t('first.anyDesigner')}
            </p>
            <TimeGrid
              language={language}
              times={timeList}
              selected={selectedTime}
              onSelect={(time) => {
                if (useReservationStore.getState().selectTime(time)) {
                  trackBooking('booking_time_selected', { shop_id: shopID });
                }
              }}
            />
          </>
        )}
      </section>
    </FlowShell>
  );
}
