import { useTranslation } from 'react-i18next';
import { MapIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';
import { paths } from '../../lib/paths';

export default function FindMapScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="findMap"
      icon={<MapIcon size={32} />}
      actions={
        <ButtonLink to={paths.findList()} variant="outline" size="md">
          {t('findList.listView')}
        </ButtonLink>
      }
    />
  );
}
