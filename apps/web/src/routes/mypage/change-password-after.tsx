import { CheckIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangePasswordAfterScreen() {
  return <ScreenPlaceholder screen="changePasswordAfter" icon={<CheckIcon size={32} />} />;
}
