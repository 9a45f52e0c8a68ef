import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../components/icons';
import { EmptyState, Sheet } from '../../components/ui';

/** /mypage/myphoto/:shop?/datepicker — a sheet over the photo list; closing returns to it. */
export default function MyPhotoDatepickerScreen() {
  const { t } = useTranslation('screens');
  const navigate = useNavigate();
  return (
    <Sheet
      isOpen
      onClose={() => void navigate('..', { relative: 'path', replace: true })}
      title={t('myPhotoDatepicker.title')}
    >
      <EmptyState
        icon={<CalendarIcon size={32} />}
        headingLevel="h3"
        title={t('myPhotoDatepicker.heading')}
        description={t('myPhotoDatepicker.description')}
      />
    </Sheet>
  );
}
