import { StylebookShops } from '../../features/stylebook/components/stylebook-shops';

/** /stylebook/shop — salons that do a style. */
export default function StylebookShopScreen() {
  return <StylebookShops />;
}
