import { useTranslation } from 'react-i18next';
import { MailIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';

export default function FindPasswordAfterScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="findPasswordAfter"
      icon={<MailIcon size={32} />}
      actions={
        <ButtonLink to="/login" size="md">
          {t('login.title')}
        </ButtonLink>
      }
    />
  );
}
