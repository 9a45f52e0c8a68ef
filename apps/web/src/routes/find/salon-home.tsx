import { useTranslation } from 'react-i18next';
import { ClockIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';
import { paths } from '../../lib/paths';

/** The salon's home tab: hours, days off, address, introduction; booking starts here. */
export default function SalonHomeScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="salonInfo"
      icon={<ClockIcon size={32} />}
      actions={
        <ButtonLink to={paths.reservationFirst} size="md">
          {t('salonInfo.book')}
        </ButtonLink>
      }
    />
  );
}
