import { LockIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function CreatePasswordScreen() {
  return <ScreenPlaceholder screen="createPassword" icon={<LockIcon size={32} />} />;
}
