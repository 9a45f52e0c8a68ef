import { BellIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function SalonNoticeScreen() {
  return <ScreenPlaceholder screen="salonNotice" icon={<BellIcon size={32} />} />;
}
