import { ScissorsIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SalonMenuScreen() {
  return <ScreenPlaceholder screen="salonMenu" icon={<ScissorsIcon size={32} />} />;
}
