import { LogInIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function LoginActionScreen() {
  return <ScreenPlaceholder screen="loginAction" icon={<LogInIcon size={32} />} />;
}
