import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Card, EmptyState } from '../../components/ui';

/** /mypage/setting/changepasswordafter — every session ended; the user must log in again. */
export default function ChangePasswordAfterScreen() {
  const { t } = useTranslation('auth');
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<LockIcon size={32} />}
          title={t('settings.passwordChanged.heading')}
          description={t('settings.passwordChanged.body')}
        />
      </Card>
      <ButtonLink to="/login" size="md">
        {t('settings.passwordChanged.login')}
      </ButtonLink>
    </Page>
  );
}
