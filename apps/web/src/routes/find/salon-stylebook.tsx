import { ImageIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SalonStylebookScreen() {
  return <ScreenPlaceholder screen="salonStylebook" icon={<ImageIcon size={32} />} />;
}
