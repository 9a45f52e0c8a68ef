import { PhoneIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangeTelScreen() {
  return <ScreenPlaceholder screen="changeTel" icon={<PhoneIcon size={32} />} />;
}
