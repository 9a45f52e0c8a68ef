import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { type ShopMenuCategory, type ShopMenuItem } from '@carol/contracts';
import { formatPrice } from '@carol/i18n/client';
import { AlertIcon, CalendarIcon } from '../../components/icons';
import { Button, EmptyState, Skeleton } from '../../components/ui';
import { dayLabel } from '../../features/booking/calendar';
import { DesignerPicker } from '../../features/booking/designer-picker';
import { FlowShell } from '../../features/booking/flow-shell';
import { NoShopState, ShopClosedState } from '../../features/booking/flow-states';
import {
  fetchFreshBookingTimes,
  isShopClosedError,
  useStaffAndMenu,
} from '../../features/booking/api';
import styles from '../../features/booking/booking.module.css';
import { trackBooking } from '../../lib/analytics';
import { useCommonStore } from '../../lib/stores/common.store';
import { durationOf, useReservationStore } from '../../lib/stores/reservation.store';

function MenuPicker({
  menus,
  selectedIds,
  onToggle,
}: {
  menus: readonly ShopMenuItem[];
  selectedIds: ReadonlySet<number>;
  onToggle: (menu: ShopMenuItem) => void;
}) {
  const { t } = useTranslation('booking');
  const { t: tf } = useTranslation('search');
  const language = useCommonStore((s) => s.language);
  if (menus.length === 0) return <p className={styles.hint}>{t('second.noMenus')}</p>;
  const groups = new Map<ShopMenuCategory, ShopMenuItem[]>();
  for (const m of menus) groups.set(m.category, [...(groups.get(m.category) ?? []), m]);
  return (
    <>
      {[...groups].map(([category, items]) => (
        <div key={category} className={styles.menuGroup}>
          <h4 className={styles.menuGroupTitle}>{tf(`treatments.${category}`)}</h4>
          <ul className={styles.menus}>
            {items.map((menu) => (
              <li key={menu.id}>
                <label className={styles.menu}>
                  <input
                    type="checkbox"
                    checked={selectedIds.has(menu.id)}
                    onChange={() => onToggle(menu)}
                  />
                  <span className={styles.menuBody}>
                    <span className={styles.menuName}>{menu.name}</span>
                    <span className={styles.menuMeta}>
                      {t('second.duration', { minutes: menu.duration_minutes })}
                      {menu.description ? ` · ${menu.description}` : ''}
                    </span>
                  </span>
                  <span className={styles.menuPrice}>
                    {formatPrice(menu.base_price, menu.currency, language)}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

/** /reservation/second — step 3: the designer and the treatments, with the total price. */
export default function BookingSecondScreen() {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = useCommonStore((s) => s.language);
  const shopID = useReservationStore((s) => s.shopID);
  const date = useReservationStore((s) => s.selectedDate);
  const time = useReservationStore((s) => s.selectedTime);
  const designerID = useReservationStore((s) => s.selectedDesignerID);
  const menus = useReservationStore((s) => s.selectedMenuList);
  const total = useReservationStore((s) => s.totalMenuPrice);
  const menuIds = useMemo(() => menus.map((m) => m.menuId), [menus]);
  const selectedIds = useMemo(() => new Set(menuIds), [menuIds]);
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const data = useStaffAndMenu(shopID, date, time, menuIds);
  const shop = data.data?.shop;
  useEffect(() => {
    if (!data.data) return;
    const store = useReservationStore.getState();
    store.patch({
      shopName: data.data.shop.name,
      staffAndMenuList: [data.data.booking_staff_list, data.data.menu_list],
    });
    // A designer chosen on their own page gets its name here; one who left is dropped.
    if (store.selectedDesignerID !== null) {
      const designer = data.data.booking_staff_list.find((d) => d.id === store.selectedDesignerID);
      if (!designer) store.patch({ selectedDesignerID: null, selectedDesignerName: '' });
      else if (designer.name !== store.selectedDesignerName) {
        store.patch({ selectedDesignerName: designer.name });
      }
    }
  }, [data.data]);

  if (shopID === null) {
    return (
      <FlowShell step="second">
        <NoShopState />
      </FlowShell>
    );
  }
  // Spec 5: the date (and a time to check against) come first.
  if (date === null || time === null) return <Navigate to="/reservation/first" replace />;
  if ((data.isError && isShopClosedError(data.error)) || shop?.is_booking_open === false) {
    return (
      <FlowShell step="second">
        <ShopClosedState shopId={shopID} />
      </FlowShell>
    );
  }

  const currency = menus[0]?.currency ?? shop?.currency ?? 'KRW';
  const save = async () => {
    const store = useReservationStore.getState();
    if (store.selectedDesignerID === null) return setProblem(t('second.pickDesigner'));
    if (store.selectedMenuList.length === 0) return setProblem(t('second.pickTreatment'));
    setProblem(null);
    setIsSaving(true);
    try {
      // The time was picked before the designer and the treatments' length were known:
      // confirm it holds for them (spec 5) before the check step.
      const ids = store.selectedMenuList.map((m) => m.menuId);
      const answer = await fetchFreshBookingTimes(
        queryClient,
        shopID,
        date,
        store.selectedDesignerID,
        ids,
      );
      store.savePending();
      const slot = answer.booking_time_list.find((s) => s.time === time);
      if (!slot?.available) {
        useCommonStore
          .getState()
          .showToast(t('second.timeNoLonger', { time }), { alternateColor: true });
        store.selectTime(null);
        store.patch({ isBackToFirst: true });
        void navigate('/reservation/first');
        return;
      }
      void navigate('/reservation/check');
    } catch (error) {
      if (isShopClosedError(error)) {
        void navigate('/reservation/first', { replace: true });
      } else {
        setProblem(error instanceof Error ? error.message : t('error'));
      }
    } finally {
      setIsSaving(false);
    }
  };

  const bar = (
    <>
      <p className={styles.barSummary}>
        <span>
          {t('second.total')} ·{' '}
          {menus.length > 0
            ? t('second.totalDuration', { minutes: durationOf(menus) })
            : t('second.selectedCount', { count: 0 })}
        </span>
        <strong data-testid="reservation-total">{formatPrice(total, currency, language)}</strong>
      </p>
      <div className={styles.barButtons}>
        <Button
          variant="outline"
          onClick={() => {
            useReservationStore.getState().patch({ isBackToFirst: true });
            void navigate('/reservation/first');
          }}
        >
          {t('back')}
        </Button>
        <Button block isBusy={isSaving} onClick={() => void save()}>
          {t('second.save')}
        </Button>
      </div>
    </>
  );

  return (
    <FlowShell step="second" bar={bar}>
      <p className={`${styles.alert} ${styles.info}`}>
        <CalendarIcon size={18} />
        <span>{t('first.selected', { date: dayLabel(date, language), time })}</span>
      </p>
      {problem && (
        <div className={styles.alert} role="alert">
          <AlertIcon size={18} />
          <p>{problem}</p>
        </div>
      )}
      {data.isPending ? (
        <div aria-busy="true" className={styles.section}>
          <span className="visually-hidden">{t('loading')}</span>
          <Skeleton width="100%" height={140} radius="var(--radius-lg)" />
          <Skeleton width="100%" height={220} radius="var(--radius-lg)" />
        </div>
      ) : data.isError ? (
        <EmptyState
          icon={<AlertIcon size={28} />}
          title={t('error')}
          description={data.error.message}
          actions={
            <Button size="md" onClick={() => void data.refetch()}>
              {t('retry')}
            </Button>
          }
        />
      ) : (
        <>
          <section className={styles.section} aria-labelledby="reservation-designer">
            <h3 id="reservation-designer" className={styles.sectionTitle}>
              {t('second.designerTitle')}
            </h3>
            <DesignerPicker
              staff={data.data.booking_staff_list}
              selectedId={designerID}
              onSelect={(designer) => {
                setProblem(null);
                useReservationStore.getState().selectDesigner(designer.id, designer.name);
                trackBooking('booking_designer_selected', { shop_id: shopID });
              }}
            />
          </section>
          <section className={styles.section} aria-labelledby="reservation-treatments">
            <h3 id="reservation-treatments" className={styles.sectionTitle}>
              {t('second.treatmentTitle')}
              {menus.length > 0 && (
                <span className={styles.muted}>
                  {t('second.selectedCount', { count: menus.length })}
                </span>
              )}
            </h3>
            <MenuPicker
              menus={data.data.menu_list}
              selectedIds={selectedIds}
              onToggle={(menu) => {
                setProblem(null);
                const store = useReservationStore.getState();
                store.toggleMenu({
                  menuId: menu.id,
                  name: menu.name,
                  price: menu.base_price,
                  currency: menu.currency,
                  durationMinutes: menu.duration_minutes,
                });
                const chosen = useReservationStore.getState().selectedMenuList;
                if (chosen.some((m) => m.menuId === menu.id)) {
                  trackBooking('booking_menu_selected', {
                    shop_id: shopID,
                    menu_count: chosen.length,
                  });
                }
              }}
            />
          </section>
        </>
      )}
    </FlowShell>
  );
}
