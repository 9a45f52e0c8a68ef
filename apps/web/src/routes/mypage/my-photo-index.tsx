import { CalendarIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function MyPhotoIndexScreen() {
  return <ScreenPlaceholder screen="myPhotoIndex" icon={<CalendarIcon size={32} />} />;
}
