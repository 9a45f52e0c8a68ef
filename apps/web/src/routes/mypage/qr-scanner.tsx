import { QrIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function QrScannerScreen() {
  return <ScreenPlaceholder screen="qrScanner" icon={<QrIcon size={32} />} />;
}
