import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { StoreIcon } from '../../components/icons';
import { ReservationSteps, type ReservationStep } from '../../components/reservation-steps';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import { useReservationStore } from '../../lib/stores/reservation.store';
import { ConfirmSheet } from './confirm-sheet';
import styles from './booking.module.css';

export interface FlowShellProps {
  step: ReservationStep;
  children: ReactNode;
  /** The fixed bottom bar (summary line and buttons). */
  bar?: ReactNode;
}

/**
 * One step of the reservation flow: the steps, the salon being booked with "cancel booking"
 * (spec 4: cancelling the pending state clears all selections), the step's content and its
 * bottom bar.
 */
export function FlowShell({ step, children, bar }: FlowShellProps) {
  const { t } = useTranslation('booking');
  const navigate = useNavigate();
  const shopID = useReservationStore((s) => s.shopID);
  const shopName = useReservationStore((s) => s.shopName);
  const [isAsking, setIsAsking] = useState(false);

  const cancelDraft = () => {
    useReservationStore.getState().cancelPending();
    setIsAsking(false);
    useCommonStore.getState().showToast(t('draft.cancelled'));
    void navigate(shopID !== null ? paths.salon(shopID) : paths.home, { replace: true });
  };

  return (
    <div className={styles.flow}>
      <ReservationSteps current={step} />
      {shopID !== null && (
        <div className={styles.shopLine}>
          <h2 className={styles.shopName}>
            <StoreIcon size={18} />
            <span>{shopName}</span>
          </h2>
          <button type="button" className={styles.linkButton} onClick={() => setIsAsking(true)}>
            {t('draft.cancel')}
          </button>
        </div>
      )}
      {children}
      {bar && <div className={styles.bar}>{bar}</div>}
      <ConfirmSheet
        isOpen={isAsking}
        title={t('draft.cancelTitle')}
        body={t('draft.cancelBody')}
        confirmLabel={t('draft.cancelConfirm')}
        cancelLabel={t('draft.keep')}
        isDanger
        onConfirm={cancelDraft}
        onClose={() => setIsAsking(false)}
      />
    </div>
  );
}
