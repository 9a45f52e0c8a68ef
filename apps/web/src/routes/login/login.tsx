import { useTranslation } from 'react-i18next';
import { LogInIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';

export default function LoginScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="login"
      icon={<LogInIcon size={32} />}
      actions={
        <>
          <ButtonLink to="/login/registeruser" size="md">
            {t('registerUser.title')}
          </ButtonLink>
          <ButtonLink to="/login/findpassword" variant="outline" size="md">
            {t('findPassword.title')}
          </ButtonLink>
        </>
      }
    />
  );
}
