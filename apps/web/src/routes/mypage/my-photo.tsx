import { Outlet, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, ImageIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { ButtonLink } from '../../components/ui';

/** /mypage/myphoto/:shop? — styling photos for all shops or one; the date picker opens over it. */
export default function MyPhotoScreen() {
  const { t } = useTranslation('screens');
  const { shop } = useParams();
  const base = shop ? `/mypage/myphoto/${shop}` : '/mypage/myphoto';
  return (
    <>
      <ScreenPlaceholder
        screen="myPhoto"
        icon={<ImageIcon size={32} />}
        actions={
          <ButtonLink to={`${base}/datepicker`} variant="outline" size="md">
            <CalendarIcon size={18} />
            {t('myPhoto.pickDate')}
          </ButtonLink>
        }
      />
      <Outlet />
    </>
  );
}
