import { SearchIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function FindNameScreen() {
  return <ScreenPlaceholder screen="findName" icon={<SearchIcon size={32} />} />;
}
