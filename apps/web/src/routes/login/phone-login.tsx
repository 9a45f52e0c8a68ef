import { useTranslation } from 'react-i18next';
import { PhoneIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';

export default function PhoneLoginScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="phoneLogin"
      icon={<PhoneIcon size={32} />}
      actions={
        <ButtonLink to="/login" variant="outline" size="md">
          {t('login.title')}
        </ButtonLink>
      }
    />
  );
}
