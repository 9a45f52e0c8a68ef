import { LockIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function FindPasswordScreen() {
  return <ScreenPlaceholder screen="findPassword" icon={<LockIcon size={32} />} />;
}
