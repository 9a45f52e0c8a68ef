import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Sheet } from '../../components/ui';
import styles from './booking.module.css';

export interface ConfirmSheetProps {
  isOpen: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  isDanger?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Asks before an irreversible step (cancel, visit done, delete, dropping a draft). */
export function ConfirmSheet({
  isOpen,
  title,
  body,
  confirmLabel,
  cancelLabel,
  isDanger = false,
  isBusy = false,
  onConfirm,
  onClose,
}: ConfirmSheetProps) {
  const { t } = useTranslation('booking');
  return (
    <Sheet isOpen={isOpen} onClose={onClose} title={title}>
      <div className={styles.sheetBody}>
        <p>{body}</p>
        <div className={styles.sheetButtons}>
          <Button variant="outline" size="md" onClick={onClose}>
            {cancelLabel ?? t('detail.keep')}
          </Button>
          <Button
            size="md"
            className={isDanger ? styles.danger : undefined}
            isBusy={isBusy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Sheet>
  );
}
