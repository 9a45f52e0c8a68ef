import { MailIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangeEmailScreen() {
  return <ScreenPlaceholder screen="changeEmail" icon={<MailIcon size={32} />} />;
}
