import { LocationScreen } from '../../features/location/location-screen';

/** /find/location/:type — choose where the salon list measures distance from. */
export default function FindLocationScreen() {
  return <LocationScreen />;
}
