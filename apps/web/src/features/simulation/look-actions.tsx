import { useTranslation } from 'react-i18next';
import { CheckIcon, SaveIcon, ShareIcon } from '../../components/icons';
import { Button } from '../../components/ui';
import styles from './simulation.module.css';

/** Under the try-on: save, share, and "Book this look" (it travels with the booking, ADR 059). */
export function LookActions({
  canSave,
  isSaved,
  isSaving,
  isSharing,
  isBooking,
  onSave,
  onShare,
  onBook,
}: {
  canSave: boolean;
  isSaved: boolean;
  isSaving: boolean;
  isSharing: boolean;
  isBooking: boolean;
  onSave: () => void;
  onShare: () => void;
  onBook: () => void;
}) {
  const { t } = useTranslation('simulation');
  return (
    <div className={styles.actions}>
      <Button
        size="lg"
        onClick={onSave}
        disabled={!canSave || isSaved}
        isBusy={isSaving}
        className={styles.saveAction}
        data-testid="simulation-save"
      >
        {isSaved ? <CheckIcon size={18} /> : <SaveIcon size={18} />}
        {isSaved ? t('actions.saved') : t('actions.save')}
      </Button>
      <Button
        size="lg"
        variant="outline"
        onClick={onShare}
        disabled={!canSave}
        isBusy={isSharing}
        data-testid="simulation-share"
      >
        <ShareIcon size={18} />
        {t('actions.share')}
      </Button>
      <Button
        size="lg"
        variant="secondary"
        onClick={onBook}
        disabled={!canSave}
        isBusy={isBooking}
        data-testid="simulation-book"
      >
        {t('actions.bookLook')}
      </Button>
    </div>
  );
}
