import { UserIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function DesignerInfoScreen() {
  return <ScreenPlaceholder screen="designerInfo" icon={<UserIcon size={32} />} />;
}
