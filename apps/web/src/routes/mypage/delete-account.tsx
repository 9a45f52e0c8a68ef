import { AlertIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function DeleteAccountScreen() {
  return <ScreenPlaceholder screen="deleteAccount" icon={<AlertIcon size={32} />} />;
}
