import { CheckIcon } from '../../components/icons';
import { ReservationSteps } from '../../components/reservation-steps';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ReservationCheckScreen() {
  return (
    <ScreenPlaceholder
      screen="reservationCheck"
      icon={<CheckIcon size={32} />}
      before={<ReservationSteps current="check" />}
    />
  );
}
