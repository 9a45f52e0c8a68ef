import { StoreIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function VisitShopScreen() {
  return <ScreenPlaceholder screen="visitShop" icon={<StoreIcon size={32} />} />;
}
