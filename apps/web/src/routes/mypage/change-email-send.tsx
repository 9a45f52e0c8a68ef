import { MailIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangeEmailSendScreen() {
  return <ScreenPlaceholder screen="changeEmailSend" icon={<MailIcon size={32} />} />;
}
