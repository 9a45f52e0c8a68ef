import { useTranslation } from 'react-i18next';
import { limits } from '@carol/contracts';
import { Link, useParams } from 'react-router';
import { MapPinIcon, SearchIcon, StoreIcon } from '../../components/icons';
import { pageStyles } from '../../components/page';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SegmentedNav } from '../../components/segmented-nav';
import { ButtonLink } from '../../components/ui';
import { paths } from '../../lib/paths';

/** /find/:type — the salon list. Search, area and map entries already lead to their screens. */
export default function FindListScreen() {
  const { t } = useTranslation('screens');
  const { type = limits.defaultFindType } = useParams();

  return (
    <ScreenPlaceholder
      screen="findList"
      icon={<StoreIcon size={32} />}
      before={
        <>
          <Link to={paths.findByName(type)} className={pageStyles.searchLink}>
            <SearchIcon size={20} />
            {t('findList.searchPlaceholder')}
          </Link>
          <SegmentedNav
            label={t('findList.title')}
            isStretched
            segments={[
              { to: paths.findList(type), label: t('findList.listView'), isCurrent: true },
              { to: paths.findMap, label: t('findList.mapView'), isCurrent: false },
            ]}
          />
        </>
      }
      actions={
        <>
          <ButtonLink to={paths.findByLocation(type)} variant="secondary" size="md">
            <MapPinIcon size={18} />
            {t('findList.byLocation')}
          </ButtonLink>
          <ButtonLink to={paths.findByName(type)} variant="outline" size="md">
            {t('findList.byName')}
          </ButtonLink>
        </>
      }
    />
  );
}
