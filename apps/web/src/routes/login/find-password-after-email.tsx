import { LockIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function FindPasswordAfterEmailScreen() {
  return <ScreenPlaceholder screen="findPasswordAfterEmail" icon={<LockIcon size={32} />} />;
}
