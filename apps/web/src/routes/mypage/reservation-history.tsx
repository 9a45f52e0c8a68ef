import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';
import { SegmentedNav } from '../../components/segmented-nav';

/** Spec section 4: history tabs are reservation done, cancel done and visit done. */
const historyTabs = ['done', 'cancel', 'visit'] as const;

export default function ReservationHistoryScreen() {
  const { t } = useTranslation('screens');
  const { type = 'done' } = useParams();
  return (
    <ScreenPlaceholder
      screen="reservationHistory"
      icon={<CalendarIcon size={32} />}
      before={
        <SegmentedNav
          label={t('reservationHistory.title')}
          isStretched
          replace
          segments={historyTabs.map((value) => ({
            to: `/mypage/reservation/${value}`,
            label: t(`reservationHistory.tabs.${value}`),
            isCurrent: type === value,
          }))}
        />
      }
    />
  );
}
