import { MapPinIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function FindLocationScreen() {
  return <ScreenPlaceholder screen="findLocation" icon={<MapPinIcon size={32} />} />;
}
