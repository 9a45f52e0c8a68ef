import { useParams } from 'react-router';
import { MailIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function RegisterUserByEmailScreen() {
  const params = useParams();
  return (
    <ScreenPlaceholder
      screen="registerUserByEmail"
      icon={<MailIcon size={32} />}
      values={{ email: params.email ?? '' }}
    />
  );
}
