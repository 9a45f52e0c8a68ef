import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, CheckIcon, HandshakeIcon, PhoneIcon } from '../../components/icons';
import { FailureBanner } from '../../components/failure-banner';
import { Button, ButtonLink, Sheet, Skeleton } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { cx } from '../../lib/cx';
import { useLinkAdd, useLinkInfo, type LinkTarget } from './api';
import styles from './records.module.css';

/**
 * The in-place phone verification the booking uses, handed in by the route (it lives in another
 * feature): `onDone` once the number is verified; `hasPhone` picks adding or changing it.
 */
export type RenderPhoneVerification = (props: {
  hasPhone: boolean;
  onDone: () => void;
}) => ReactNode;

const sharedItems = ['media', 'memos', 'scalp', 'notices'] as const;

/**
 * Linking a salon (spec 4, 5, 6, 9): the confirmation naming the salon, what will be shared and
 * the masked phone; an unverified phone blocks it until verified in place; then success or the
 * spec's failure message (LINK_FAILED, LINK_DUPLICATE, LINK_ALREADY, QR_INVALID).
 */
export function LinkConfirm({
  target,
  renderPhoneVerification,
  onCancel,
  cancelLabel,
  successActions,
  isInSheet = false,
}: {
  target: LinkTarget;
  /** Inside a sheet: no card of its own around it. */
  isInSheet?: boolean;
  renderPhoneVerification: RenderPhoneVerification;
  onCancel?: () => void;
  /** "Cancel" by default; the scanner says "scan again" after a failure. */
  cancelLabel?: string;
  /** Replaces the success screen's links (history, scalp). */
  successActions?: (shopId: number) => ReactNode;
}) {
  const { t } = useTranslation('records');
  const info = useLinkInfo(target);
  const link = useLinkAdd(target);
  const [isVerifying, setIsVerifying] = useState(false);

  if (link.isSuccess) {
    const done = link.data;
    return (
      <section
        className={cx(styles.linkCard, isInSheet && styles.linkPlain)}
        role="status"
        data-link-state="success"
      >
        <span className={styles.linkBadge}>
          <CheckIcon size={30} />
        </span>
        <h2 className={styles.question}>{t('link.successTitle')}</h2>
        <p className={styles.dialogText}>
          {done.visit_count > 0
            ? t('link.successBody', { shop: done.shop_name, count: done.visit_count })
            : t('link.successBodyNone', { shop: done.shop_name })}
        </p>
        <div className={styles.actions}>
          {successActions ? (
            successActions(done.shop_id)
          ) : (
            <>
              <ButtonLink to={`/mypage/myphoto/${done.shop_id}`} block>
                {t('link.toHistory')}
              </ButtonLink>
              <ButtonLink to="/mypage/historyscalp" block variant="secondary">
                {t('link.toScalp')}
              </ButtonLink>
            </>
          )}
        </div>
      </section>
    );
  }

  if (info.isPending) {
    return (
      <section
        className={cx(styles.linkCard, isInSheet && styles.linkPlain)}
        aria-busy="true"
        data-link-state="loading"
      >
        <span className="visually-hidden">{t('link.checking')}</span>
        <Skeleton shape="circle" width={56} height={56} />
        <Skeleton shape="text" width="70%" height={26} />
        <Skeleton shape="text" width="90%" />
        <Skeleton height={120} radius={12} />
      </section>
    );
  }

  if (info.isError) {
    const isRetryable =
      !isApiError(info.error) || info.error.status === 0 || info.error.status >= 500;
    return (
      <section
        className={cx(styles.linkCard, isInSheet && styles.linkPlain)}
        data-link-state="error"
      >
        <FailureBanner title={t('link.failureTitle')} error={info.error} />
        <div className={styles.actions}>
          {isRetryable && (
            <Button block onClick={() => void info.refetch()}>
              {t('retry')}
            </Button>
          )}
          {onCancel && (
            <Button block variant={isRetryable ? 'ghost' : 'primary'} onClick={onCancel}>
              {cancelLabel ?? t('link.cancel')}
            </Button>
          )}
        </div>
      </section>
    );
  }

  const shop = info.data;
  if (shop.is_linked || (isApiError(link.error) && link.error.resCode === 'LINK_ALREADY')) {
    return (
      <section
        className={cx(styles.linkCard, isInSheet && styles.linkPlain)}
        data-link-state="already"
      >
        <span className={styles.linkBadge}>
          <CheckIcon size={30} />
        </span>
        <h2 className={styles.question}>{t('link.alreadyTitle')}</h2>
        <p className={styles.dialogText}>{t('link.alreadyBody', { shop: shop.shop_name })}</p>
        <div className={styles.actions}>
          {successActions ? (
            successActions(shop.shop_id)
          ) : (
            <ButtonLink to={`/mypage/myphoto/${shop.shop_id}`} block>
              {t('link.toHistory')}
            </ButtonLink>
          )}
        </div>
      </section>
    );
  }

  const isPhoneBlocked =
    !shop.phone_verified || (isApiError(link.error) && link.error.resCode === 'PHONE_NOT_VERIFIED');
  const hasPhone = shop.phone_masked !== null;

  return (
    <section
      className={cx(styles.linkCard, isInSheet && styles.linkPlain)}
      aria-labelledby="link-question"
      data-link-state={isPhoneBlocked ? 'phone' : 'confirm'}
    >
      <span className={styles.linkBadge}>
        <HandshakeIcon size={30} />
      </span>
      <p className={styles.eyebrow}>{t('link.eyebrow')}</p>
      <h2 id="link-question" className={styles.question}>
        {t('link.question', { shop: shop.shop_name })}
      </h2>
      <p className={styles.muted}>{shop.shop_address}</p>
      <h3 className={styles.sectionTitle}>{t('link.sharedTitle')}</h3>
      <ul className={styles.sharedList}>
        {sharedItems.map((item) => (
          <li key={item}>
            <CheckIcon size={18} />
            <span>{t(`link.shared.${item}`)}</span>
          </li>
        ))}
      </ul>
      {isPhoneBlocked ? (
        <div className={styles.phoneBox} role="alert" data-testid="link-phone-block">
          <strong className={styles.phoneNumber}>
            <AlertIcon size={18} />
            {t('link.phoneBlockTitle')}
          </strong>
          <p className={styles.entryText}>{t('link.phoneBlockBody')}</p>
          {shop.phone_masked && (
            <span className={styles.phoneNumber}>
              <PhoneIcon size={16} />
              {shop.phone_masked}
            </span>
          )}
        </div>
      ) : (
        <div className={styles.phoneBox}>
          <span className={styles.muted}>{t('link.phoneTitle')}</span>
          <span className={styles.phoneNumber}>
            <PhoneIcon size={16} />
            {shop.phone_masked}
          </span>
          <p className={styles.entryText}>{t('link.phoneBody')}</p>
        </div>
      )}
      {link.isError && !isPhoneBlocked && (
        <FailureBanner title={t('link.failureTitle')} error={link.error} />
      )}
      <div className={styles.actions}>
        {isPhoneBlocked ? (
          <Button block onClick={() => setIsVerifying(true)}>
            {hasPhone ? t('link.verifyNow') : t('link.addPhone')}
          </Button>
        ) : (
          <Button block isBusy={link.isPending} onClick={() => link.mutate()}>
            {link.isPending ? t('link.submitting') : t('link.submit')}
          </Button>
        )}
        {onCancel && (
          <Button block variant="ghost" onClick={onCancel} disabled={link.isPending}>
            {link.isError ? (cancelLabel ?? t('link.cancel')) : t('link.cancel')}
          </Button>
        )}
      </div>
      <Sheet
        isOpen={isVerifying}
        onClose={() => setIsVerifying(false)}
        title={t('link.verifyTitle')}
      >
        {isVerifying &&
          renderPhoneVerification({
            hasPhone,
            onDone: () => {
              setIsVerifying(false);
              link.reset();
              void info.refetch();
            },
          })}
      </Sheet>
    </section>
  );
}
