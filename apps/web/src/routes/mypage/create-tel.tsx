import { PhoneIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function CreateTelScreen() {
  return <ScreenPlaceholder screen="createTel" icon={<PhoneIcon size={32} />} />;
}
