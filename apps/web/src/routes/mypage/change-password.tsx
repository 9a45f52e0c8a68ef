import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { useChangePassword } from '../../features/auth/api';
import { NewPasswordForm } from '../../features/auth/new-password-form';
import { logout } from '../../lib/session';
import { useUserInfo } from '../../features/auth/use-user-info';

/** /mypage/setting/changepassword — every session ends on success (spec 4: log in again). */
export default function ChangePasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const mutation = useChangePassword({
    onSuccess: () => {
      logout();
      void navigate('/mypage/setting/changepasswordafter', { replace: true });
    },
  });
  // Change needs a current password and create needs none: opened directly, go to the right one.
  const user = useUserInfo();
  if (user.data && !user.data.has_password)
    return <Navigate to="/mypage/setting/createpassword" replace />;
  return (
    <Page>
      <NewPasswordForm
        withCurrent
        heading={t('settings.changePassword.heading')}
        lead={t('settings.changePassword.lead')}
        submitLabel={t('settings.changePassword.submit')}
        failureTitle={t('settings.changePassword.failureTitle')}
        isBusy={mutation.isPending}
        error={mutation.error}
        onSubmit={(values) => mutation.mutate(values)}
      />
    </Page>
  );
}
