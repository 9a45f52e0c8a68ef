import { CalendarIcon } from '../../components/icons';
import { ReservationSteps } from '../../components/reservation-steps';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ReservationFirstScreen() {
  return (
    <ScreenPlaceholder
      screen="reservationFirst"
      icon={<CalendarIcon size={32} />}
      before={<ReservationSteps current="first" />}
    />
  );
}
