import { ImageIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SalonImagesScreen() {
  return <ScreenPlaceholder screen="salonImages" icon={<ImageIcon size={32} />} />;
}
