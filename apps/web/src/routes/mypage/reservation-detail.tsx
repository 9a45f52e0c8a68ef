import { CalendarIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ReservationDetailScreen() {
  return <ScreenPlaceholder screen="reservationDetail" icon={<CalendarIcon size={32} />} />;
}
