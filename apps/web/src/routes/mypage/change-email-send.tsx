import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useResendMailChange } from '../../features/auth/api';
import { FailureBanner } from '../../components/failure-banner';
import { MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, ButtonLink, Card, EmptyState } from '../../components/ui';
import { useCommonStore } from '../../lib/stores/common.store';

/** /mypage/setting/changeemailsend — "check the new address's mailbox", with a resend. */
export default function ChangeEmailSendScreen() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const sentTo = (location.state as { email?: unknown } | null)?.email;
  const resend = useResendMailChange({
    onSuccess: () => useCommonStore.getState().showToast(t('settings.changeEmailSend.resent')),
  });
  const email = typeof sentTo === 'string' ? sentTo : resend.data?.email;
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<MailIcon size={32} />}
          title={t('settings.changeEmailSend.heading')}
          description={
            email
              ? t('settings.changeEmailSend.body', { email })
              : t('settings.changeEmailSend.bodyNoAddress')
          }
        />
      </Card>
      {resend.isError && (
        <FailureBanner title={t('settings.changeEmailSend.resendFailed')} error={resend.error} />
      )}
      <Button variant="outline" block isBusy={resend.isPending} onClick={() => resend.mutate()}>
        {t('settings.changeEmailSend.resend')}
      </Button>
      <ButtonLink to="/mypage/setting" size="md">
        {t('settings.changeEmailSend.back')}
      </ButtonLink>
    </Page>
  );
}
