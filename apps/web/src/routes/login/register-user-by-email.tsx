import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { MailIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Card, EmptyState } from '../../components/ui';

/** /login/registeruserbyemail/{email} — "check your mail" after signing up. */
export default function RegisterUserByEmailScreen() {
  const { t } = useTranslation('auth');
  const { email = '' } = useParams();
  return (
    <Page>
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={<MailIcon size={32} />}
          title={t('checkMail.heading')}
          description={t('checkMail.body', { email })}
        />
      </Card>
      <p>{t('checkMail.hint')}</p>
      <ButtonLink to="/login" variant="outline" size="md">
        {t('checkMail.back')}
      </ButtonLink>
    </Page>
  );
}
