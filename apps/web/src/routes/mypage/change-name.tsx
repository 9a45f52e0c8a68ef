import { UserIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function ChangeNameScreen() {
  return <ScreenPlaceholder screen="changeName" icon={<UserIcon size={32} />} />;
}
