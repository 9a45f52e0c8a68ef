import { useTranslation } from 'react-i18next';
import { FailureBanner } from '../../components/failure-banner';
import { Button, Sheet } from '../../components/ui';
import { useCommonStore } from '../../lib/stores/common.store';
import { useLinkCancel } from './api';
import styles from './records.module.css';

/** "Unlink this salon?" — what leaves the member's pages, then user_link_cancel. */
export function UnlinkDialog({
  shop,
  onClose,
  onUnlinked,
}: {
  /** The salon to unlink; null keeps the dialog closed. */
  shop: { shop_id: number; shop_name: string } | null;
  onClose: () => void;
  onUnlinked?: () => void;
}) {
  const { t } = useTranslation('records');
  const unlink = useLinkCancel();
  const showToast = useCommonStore((s) => s.showToast);
  const close = () => {
    unlink.reset();
    onClose();
  };
  return (
    <Sheet
      isOpen={shop !== null}
      onClose={close}
      title={shop ? t('link.unlinkTitle', { shop: shop.shop_name }) : ''}
    >
      {shop && (
        <div className={styles.dialogBody}>
          <p className={styles.dialogText}>{t('link.unlinkBody')}</p>
          {unlink.isError && <FailureBanner title={t('link.unlinkFailed')} error={unlink.error} />}
          <div className={styles.actions}>
            <Button
              block
              isBusy={unlink.isPending}
              onClick={() =>
                unlink.mutate(shop.shop_id, {
                  onSuccess: () => {
                    showToast(t('link.unlinked', { shop: shop.shop_name }));
                    unlink.reset();
                    onClose();
                    onUnlinked?.();
                  },
                })
              }
            >
              {t('link.unlinkConfirm')}
            </Button>
            <Button block variant="ghost" onClick={close} disabled={unlink.isPending}>
              {t('link.unlinkCancel')}
            </Button>
          </div>
        </div>
      )}
    </Sheet>
  );
}
