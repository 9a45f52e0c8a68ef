import { LockIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangePasswordScreen() {
  return <ScreenPlaceholder screen="changePassword" icon={<LockIcon size={32} />} />;
}
