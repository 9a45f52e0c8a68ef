import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AlertIcon, CheckIcon, PhoneIcon, QrIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, ButtonLink } from '../../components/ui';
import { styles as formStyles } from '../../features/auth/auth-styles';
import { PhoneChangeScreen } from '../../features/auth/phone-change-form';
import { useUserInfo } from '../../features/auth/use-user-info';
import { useConfirmQrLogin, useQrCodeInfo } from '../../features/qr/api';
import { parseScannedCode } from '../../features/qr/qr-code';
import {
  CountdownChip,
  ManualCodeForm,
  QrCamera,
  qrStyles as styles,
  useSecondsLeft,
} from '../../features/qr/qr-scanner-parts';
import { LinkConfirm, type RenderPhoneVerification } from '../../features/records/link-confirm';
import { isApiError } from '../../lib/api/api-error';
import { paths } from '../../lib/paths';

/**
 * /mypage/qrcodescanner — log a salon's smart mirror in as me, or link my records with the salon
 * (the mirror's "link" code). The code comes from the camera,
 * from typing, or from ?code= (the QR holds that link, so the phone's own camera app works too).
 */
export default function QrScannerScreen() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('code');
  const code = raw === null ? null : parseScannedCode(raw);
  const setCode = (next: string | null) => setParams(next ? { code: next } : {}, { replace: true });

  return (
    <Page>
      {code ? (
        <ConfirmStep key={code} code={code} onReset={() => setCode(null)} />
      ) : (
        <ScanStep onCode={setCode} invalidFromLink={raw !== null ? raw : null} />
      )}
    </Page>
  );
}

function ScanStep({
  onCode,
  invalidFromLink,
}: {
  onCode: (code: string) => void;
  invalidFromLink: string | null;
}) {
  const { t } = useTranslation('qr');
  return (
    <>
      <div className={formStyles.intro}>
        <h2 className={formStyles.heading}>{t('scanner.heading')}</h2>
        <p className={formStyles.lead}>{t('scanner.lead')}</p>
      </div>
      <QrCamera onCode={onCode} />
      <ManualCodeForm onCode={onCode} initial={invalidFromLink ?? ''} />
    </>
  );
}

/** The booking's in-place verification (features/auth), lent to the link sheet. */
const verifyPhoneInPlace: RenderPhoneVerification = ({ hasPhone, onDone }) => (
  <PhoneChangeScreen mode={hasPhone ? 'changeTel' : 'createTel'} onDone={onDone} />
);

function ConfirmStep({ code, onReset }: { code: string; onReset: () => void }) {
  const { t } = useTranslation('qr');
  const { t: tr } = useTranslation('records');
  const info = useQrCodeInfo(code);
  const confirm = useConfirmQrLogin(code);

  if (confirm.isSuccess) return <Success shopName={confirm.data.shop_name} />;
  const error = confirm.error ?? info.error;
  if (isApiError(error) && error.resCode === 'PHONE_NOT_VERIFIED') return <PhoneRequired />;
  if (info.isPending) {
    return (
      <div className={styles.checking} role="status">
        <span className={styles.spinner} aria-hidden="true" />
        {t('confirm.checking')}
      </div>
    );
  }
  if (info.isError) return <Failure error={info.error} onReset={onReset} />;

  // A mirror's "link" code: the data-linking confirmation instead of the login one.
  if (info.data.purpose === 'link') {
    return (
      <LinkConfirm
        target={{ code }}
        renderPhoneVerification={verifyPhoneInPlace}
        onCancel={onReset}
        cancelLabel={tr('link.scanAgain')}
      />
    );
  }

  return (
    <ConfirmCard
      shopName={info.data.shop_name}
      deadline={info.data.deadline}
      isBusy={confirm.isPending}
      error={confirm.error}
      onConfirm={() => confirm.mutate()}
      onReset={onReset}
    />
  );
}

function ConfirmCard({
  shopName,
  deadline,
  isBusy,
  error,
  onConfirm,
  onReset,
}: {
  shopName: string;
  deadline: number;
  isBusy: boolean;
  error: Error | null;
  onConfirm: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('qr');
  const { t: tc } = useTranslation();
  const seconds = useSecondsLeft(deadline);
  const expired = seconds <= 0;
  return (
    <section className={styles.confirmCard} aria-labelledby="qr-confirm-question">
      <span className={styles.mirrorBadge}>
        <QrIcon size={34} />
      </span>
      <p className={styles.eyebrow}>{t('confirm.eyebrow')}</p>
      <h2 id="qr-confirm-question" className={styles.question}>
        {t('confirm.question', { shop: shopName })}
      </h2>
      <p className={styles.body}>{expired ? t('confirm.expired') : t('confirm.body')}</p>
      {!expired && <CountdownChip seconds={seconds} />}
      {error && (
        <div className={formStyles.banner} role="alert">
          <AlertIcon size={20} />
          <div>
            <p className={formStyles.bannerTitle}>{t('confirm.failureTitle')}</p>
            <p>{isApiError(error) ? error.resMessage : tc('errorBoundary.body')}</p>
          </div>
        </div>
      )}
      <div className={styles.actions}>
        {expired || error ? (
          <Button block onClick={onReset}>
            {t('confirm.scanAgain')}
          </Button>
        ) : (
          <>
            <Button block isBusy={isBusy} onClick={onConfirm}>
              {isBusy ? t('confirm.submitting') : t('confirm.submit')}
            </Button>
            <Button block variant="ghost" onClick={onReset} disabled={isBusy}>
              {t('confirm.cancel')}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function Failure({ error, onReset }: { error: Error; onReset: () => void }) {
  const { t } = useTranslation('qr');
  const { t: tc } = useTranslation();
  return (
    <section className={styles.confirmCard}>
      <div className={formStyles.banner} role="alert">
        <AlertIcon size={20} />
        <div>
          <p className={formStyles.bannerTitle}>{t('confirm.failureTitle')}</p>
          <p>{isApiError(error) ? error.resMessage : tc('errorBoundary.body')}</p>
        </div>
      </div>
      <Button block onClick={onReset}>
        {t('confirm.scanAgain')}
      </Button>
    </section>
  );
}

/** Spec 5: an unverified phone blocks QR login until verified. */
function PhoneRequired() {
  const { t } = useTranslation('qr');
  const user = useUserInfo();
  const hasPhone = Boolean(user.data?.phone);
  const target = hasPhone ? '/mypage/setting/changetel' : '/mypage/setting/createtel';
  return (
    <section className={styles.confirmCard} aria-labelledby="qr-phone-title">
      <span className={styles.phoneIcon}>
        <PhoneIcon size={30} />
      </span>
      <h2 id="qr-phone-title" className={styles.question}>
        {t('phone.title')}
      </h2>
      <p className={styles.body}>{t('phone.body')}</p>
      <ButtonLink to={target} block>
        {hasPhone ? t('phone.verify') : t('phone.create')}
      </ButtonLink>
    </section>
  );
}

function Success({ shopName }: { shopName: string }) {
  const { t } = useTranslation('qr');
  return (
    <section className={formStyles.success} role="status">
      <span className={formStyles.successIcon}>
        <CheckIcon size={36} />
      </span>
      <h2 className={formStyles.successTitle}>{t('success.title')}</h2>
      <p className={formStyles.successBody}>{t('success.body', { shop: shopName })}</p>
      <div className={formStyles.successActions}>
        <ButtonLink to={paths.mypage} variant="secondary">
          {t('success.done')}
        </ButtonLink>
      </div>
    </section>
  );
}
