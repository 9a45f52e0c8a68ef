import { StoreIcon } from '../../components/icons';
import { ScreenPlaceholder } from '../../components/screen-placeholder';

export default function StylebookShopScreen() {
  return <ScreenPlaceholder screen="stylebookShop" icon={<StoreIcon size={32} />} />;
}
