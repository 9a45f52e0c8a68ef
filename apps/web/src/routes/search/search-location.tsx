import { CoordScreen } from '../../features/coord/coord-screen';

/** /find/location/:type — choose where the salon list measures distance from. */
export default function SearchLocationScreen() {
  return <CoordScreen />;
}
