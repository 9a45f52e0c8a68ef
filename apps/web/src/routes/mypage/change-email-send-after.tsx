import { MailIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangeEmailSendAfterScreen() {
  return <ScreenPlaceholder screen="changeEmailSendAfter" icon={<MailIcon size={32} />} />;
}
