import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FailureBanner } from '../../components/failure-banner';
import { CheckIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Card, EmptyState, Skeleton } from '../../components/ui';
import { useConfirmMailAddress } from '../../features/auth/api';
import { userInfoKey } from '../../features/auth/use-user-info';

/**
 * /mypage/setting/changeemailsendafter/{country}/{token} — opened from the mail. Confirms once on
 * arrival (the token is single use, so a re-render must not send it twice).
 */
export default function ChangeEmailSendAfterScreen() {
  const { t } = useTranslation('auth');
  // {country} records where the change was asked for; the member's session decides the rest.
  const { token = '' } = useParams();
  const queryClient = useQueryClient();
  const confirm = useConfirmMailAddress(token, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey }),
  });
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    confirm.mutate();
  }, [confirm]);

  if (confirm.isError) {
    return (
      <Page>
        <FailureBanner title={t('settings.changeEmailAfter.failureTitle')} error={confirm.error} />
        <ButtonLink to="/mypage/setting/changeemail" size="md">
          {t('settings.changeEmailAfter.again')}
        </ButtonLink>
      </Page>
    );
  }
  if (!confirm.isSuccess) {
    return (
      <Page>
        <Skeleton height={200} />
        <p className="visually-hidden" role="status">
          {t('settings.changeEmailAfter.checking')}
        </p>
      </Page>
    );
  }
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<CheckIcon size={32} />}
          title={t('settings.changeEmailAfter.heading')}
          description={t('settings.changeEmailAfter.body', { email: confirm.data.email })}
        />
      </Card>
      <ButtonLink to="/mypage/setting" size="md">
        {t('settings.changeEmailAfter.back')}
      </ButtonLink>
    </Page>
  );
}
