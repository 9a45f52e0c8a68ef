import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useRequestPasswordReset } from '../../features/auth/api';
import { MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { Button, ButtonLink, Card, EmptyState } from '../../components/ui';
import { isApiError } from '../../lib/api/api-error';
import { useCommonStore } from '../../lib/stores/common.store';

/** /login/resetpassword/{email} — "check your mail", with a resend (same answer either way). */
export default function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const { email = '' } = useParams();
  const resend = useRequestPasswordReset({
    onSuccess: () => useCommonStore.getState().showToast(t('settings.resetMail.resent')),
  });
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<MailIcon size={32} />}
          title={t('settings.resetMail.heading')}
          description={t('settings.resetMail.body', { email })}
        />
      </Card>
      {resend.isError && isApiError(resend.error) && <p role="alert">{resend.error.resMessage}</p>}
      <Button
        variant="outline"
        block
        isBusy={resend.isPending}
        onClick={() => resend.mutate(email)}
      >
        {t('settings.resetMail.resend')}
      </Button>
      <ButtonLink to="/login" size="md">
        {t('settings.resetMail.back')}
      </ButtonLink>
    </Page>
  );
}
