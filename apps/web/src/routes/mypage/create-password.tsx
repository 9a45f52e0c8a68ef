import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { Page } from '../../components/page';
import { useCreatePassword } from '../../features/auth/api';
import { NewPasswordForm } from '../../features/auth/new-password-form';
import { logout } from '../../lib/session';
import { useUserInfo } from '../../features/auth/use-user-info';

/** /mypage/setting/createpassword — for members without a password; then log in again. */
export default function CreatePasswordScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const mutation = useCreatePassword({
    onSuccess: () => {
      logout();
      void navigate('/mypage/setting/changepasswordafter', { replace: true });
    },
  });
  // Change needs a current password and create needs none: opened directly, go to the right one.
  const user = useUserInfo();
  if (user.data && user.data.has_password)
    return <Navigate to="/mypage/setting/changepassword" replace />;
  return (
    <Page>
      <NewPasswordForm
        withCurrent={false}
        heading={t('settings.createPassword.heading')}
        lead={t('settings.createPassword.lead')}
        submitLabel={t('settings.createPassword.submit')}
        failureTitle={t('settings.createPassword.failureTitle')}
        isBusy={mutation.isPending}
        error={mutation.error}
        onSubmit={(values) => mutation.mutate({ new_password: values.new_password })}
      />
    </Page>
  );
}
