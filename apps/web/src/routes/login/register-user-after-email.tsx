import { MailIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function RegisterUserAfterEmailScreen() {
  return <ScreenPlaceholder screen="registerUserAfterEmail" icon={<MailIcon size={32} />} />;
}
