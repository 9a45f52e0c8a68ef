import { useTranslation } from 'react-i18next';
import { LockIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Card, EmptyState } from '../../components/ui';

/** /login/findpasswordafter — the password was reset; log in with the new one. */
export default function FindPasswordAfterScreen() {
  const { t } = useTranslation('auth');
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<LockIcon size={32} />}
          title={t('settings.resetDone.heading')}
          description={t('settings.resetDone.body')}
        />
      </Card>
      <ButtonLink to="/login" size="md">
        {t('settings.resetDone.login')}
      </ButtonLink>
    </Page>
  );
}
