import { useTranslation } from 'react-i18next';
import { UserIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';

export default function RegisterUserScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="registerUser"
      icon={<UserIcon size={32} />}
      actions={
        <ButtonLink to="/login" variant="outline" size="md">
          {t('login.title')}
        </ButtonLink>
      }
    />
  );
}
