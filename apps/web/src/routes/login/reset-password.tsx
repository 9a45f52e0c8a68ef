import { useParams } from 'react-router';
import { LockIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ResetPasswordScreen() {
  const params = useParams();
  return (
    <ScreenPlaceholder
      screen="resetPassword"
      icon={<LockIcon size={32} />}
      values={{ email: params.email ?? '' }}
    />
  );
}
