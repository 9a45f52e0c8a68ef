import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Page } from '../../components/page';
import { useResetPassword } from '../../features/auth/api';
import { styles } from '../../features/auth/auth-styles';
import { NewPasswordForm } from '../../features/auth/new-password-form';

/** /login/findpasswordafteremail/{token} — new password from the reset link. */
export default function FindPasswordAfterEmailScreen() {
  const { t } = useTranslation('auth');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const mutation = useResetPassword(token, {
    onSuccess: () => void navigate('/login/findpasswordafter', { replace: true }),
  });
  return (
    <Page>
      <NewPasswordForm
        withCurrent={false}
        heading={t('settings.resetPassword.heading')}
        lead={t('settings.resetPassword.lead')}
        submitLabel={
          mutation.isPending
            ? t('settings.resetPassword.submitting')
            : t('settings.resetPassword.submit')
        }
        failureTitle={t('settings.resetPassword.failureTitle')}
        isBusy={mutation.isPending}
        error={mutation.error}
        onSubmit={(values) => mutation.mutate(values.new_password)}
        footer={
          <nav className={styles.links}>
            <Link to="/login/findpassword">{t('settings.resetPassword.again')}</Link>
          </nav>
        }
      />
    </Page>
  );
}
