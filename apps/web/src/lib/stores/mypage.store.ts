import { createSlice } from './slice';

/** Spec section 3, `mypage`. Cleared on logout (spec section 4: "clears user info"). */
export interface MypageState {
  userInfo: unknown;
  favoriteShops: unknown[];
  favoriteCatalogues: unknown[];
  favoriteDesigners: unknown[];
  diagnosisContents: unknown[];
  myPhotoList: unknown[];
  shopVisitList: unknown[];
  visitShopList: unknown[];
  notices: unknown[];
  linkedUserInfo: unknown;
  galleryList: unknown[];
  reservationList: unknown[];
  reservationDetail: unknown;
  detailBookingID: number | null;
}

export const useMypageStore = createSlice<MypageState>({
  userInfo: null,
  favoriteShops: [],
  favoriteCatalogues: [],
  favoriteDesigners: [],
  diagnosisContents: [],
  myPhotoList: [],
  shopVisitList: [],
  visitShopList: [],
  notices: [],
  linkedUserInfo: null,
  galleryList: [],
  reservationList: [],
  reservationDetail: null,
  detailBookingID: null,
});
