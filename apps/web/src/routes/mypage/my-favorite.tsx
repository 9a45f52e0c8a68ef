import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SegmentedNav } from '../../components/segmented-nav';

const favoriteTypes = ['style', 'designer', 'shop'] as const;

/** /mypage/myfavorite/:type — saved styles, designers and salons. */
export default function MyFavoriteScreen() {
  const { t } = useTranslation('screens');
  const { type = 'style' } = useParams();
  return (
    <ScreenPlaceholder
      screen="myFavorite"
      icon={<HeartIcon size={32} />}
      before={
        <SegmentedNav
          label={t('myFavorite.title')}
          isStretched
          replace
          segments={favoriteTypes.map((value) => ({
            to: `/mypage/myfavorite/${value}`,
            label: t(`myFavorite.tabs.${value}`),
            isCurrent: type === value,
          }))}
        />
      }
    />
  );
}
