import { ScissorsIcon } from '../../components/icons';
import { ReservationSteps } from '../../components/reservation-steps';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ReservationSecondScreen() {
  return (
    <ScreenPlaceholder
      screen="reservationSecond"
      icon={<ScissorsIcon size={32} />}
      before={<ReservationSteps current="second" />}
    />
  );
}
