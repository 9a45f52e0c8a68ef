import { ScalpIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function HistoryScalpScreen() {
  return <ScreenPlaceholder screen="historyScalp" icon={<ScalpIcon size={32} />} />;
}
