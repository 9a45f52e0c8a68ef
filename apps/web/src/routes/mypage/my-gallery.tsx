import { ImageIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function MyGalleryScreen() {
  return <ScreenPlaceholder screen="myGallery" icon={<ImageIcon size={32} />} />;
}
