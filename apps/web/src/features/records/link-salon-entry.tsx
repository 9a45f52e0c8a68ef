import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, HandshakeIcon } from '../../components/icons';
import { Button, ButtonLink, Sheet } from '../../components/ui';
import { cx } from '../../lib/cx';
import { useLinkInfo } from './api';
import type { RenderPhoneVerification } from './link-confirm';
import { UnlinkDialog } from './unlink-dialog';
import styles from './records.module.css';

/** The sheet's content loads when the member taps "link" (kept off the salon page's first load). */
const LinkConfirm = lazy(() => import('./link-confirm').then((m) => ({ default: m.LinkConfirm })));

/**
 * The salon page's "link my records" entry for a signed-in member: link (the confirmation in a
 * sheet) while not linked; "linked" with the way to the salon's history and unlink once linked.
 */
export function LinkSalonEntry({
  shopId,
  renderPhoneVerification,
}: {
  shopId: number;
  renderPhoneVerification: RenderPhoneVerification;
}) {
  const { t } = useTranslation('records');
  const info = useLinkInfo({ shop_id: shopId });
  const [isLinking, setIsLinking] = useState(false);
  const [unlinking, setUnlinking] = useState<{ shop_id: number; shop_name: string } | null>(null);

  // The sheet may have linked the salon: ask again when it closes.
  const closeLinking = () => {
    setIsLinking(false);
    void info.refetch();
  };

  // Quiet while loading or failing: the salon page is about the salon, this is an extra.
  if (!info.isSuccess) return null;
  const shop = info.data;

  if (shop.is_linked) {
    return (
      <section
        className={cx(styles.entry, styles.entryLinked)}
        data-testid="link-entry"
        data-linked="true"
      >
        <span className={styles.entryIcon}>
          <CheckIcon size={22} />
        </span>
        <div className={styles.entryBody}>
          <p className={styles.entryTitle}>{t('link.linkedTitle')}</p>
          <p className={styles.entryText}>{t('link.linkedBody')}</p>
          <div className={styles.entryActions}>
            <ButtonLink to={`/mypage/myphoto/${shopId}`} size="md" variant="secondary">
              {t('link.seeHistory')}
            </ButtonLink>
            <Button
              size="md"
              variant="ghost"
              onClick={() => setUnlinking({ shop_id: shopId, shop_name: shop.shop_name })}
            >
              {t('link.unlinkAction')}
            </Button>
          </div>
        </div>
        <UnlinkDialog shop={unlinking} onClose={() => setUnlinking(null)} />
      </section>
    );
  }

  return (
    <section className={styles.entry} data-testid="link-entry" data-linked="false">
      <span className={styles.entryIcon}>
        <HandshakeIcon size={22} />
      </span>
      <div className={styles.entryBody}>
        <p className={styles.entryTitle}>{t('link.entryTitle')}</p>
        <p className={styles.entryText}>{t('link.entryBody')}</p>
        <div className={styles.entryActions}>
          <Button size="md" onClick={() => setIsLinking(true)}>
            {t('link.entryAction')}
          </Button>
        </div>
      </div>
      <Sheet isOpen={isLinking} onClose={closeLinking} title={t('link.eyebrow')}>
        {isLinking && (
          <Suspense fallback={<div className={styles.sheetLoading} aria-busy="true" />}>
            <LinkConfirm
              target={{ shop_id: shopId }}
              renderPhoneVerification={renderPhoneVerification}
              onCancel={closeLinking}
              isInSheet
            />
          </Suspense>
        )}
      </Sheet>
    </section>
  );
}
