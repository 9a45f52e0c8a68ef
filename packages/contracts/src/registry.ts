import type { EndpointContract } from './endpoint.js';
import { getMainBanner, getMiddleBanner } from './endpoints/banners.js';
import { getHotHairColorList } from './endpoints/hair-colors.js';
import { getHotStyleList } from './endpoints/home.js';
import {
  predictBald,
  predictFaceLandmark,
  predictHairColor,
  predictHairMask,
} from './endpoints/ml.js';
import {
  changeName,
  changePassword,
  createPassword,
  deleteAccount,
  getUserInfo,
  userCheck,
} from './endpoints/account.js';
import { sendInquiry } from './endpoints/support.js';
import { changeMailAddress, confirmMailAddress, requestMail } from './endpoints/email-change.js';
import { getListHairResources, getRandomHairResource } from './endpoints/hair-resources.js';
import { deletesFromMyGallery, getMyGalleryList, saveToMyGallery } from './endpoints/gallery.js';
import { getMypageSummary } from './endpoints/mypage.js';
import {
  activateRegistration,
  callResetPassword,
  getEmailInToken,
  loginByEmail,
  logout,
  registerByEmail,
  requestPasswordReset,
} from './endpoints/auth.js';
import {
  activateWithTel,
  checkVerificationCode,
  sendSmsForSimpleLogin,
  sendVerificationCode,
  simpleLogin,
} from './endpoints/phone.js';
import { getDesignerSearchInfo, getShopSearchInfo } from './endpoints/search.js';
import { getMapConfig, getShopSearchInfoForMap } from './endpoints/map.js';
import { getShopDetail, getShopMenuList } from './endpoints/shops.js';
import {
  deleteDesignerFavorite,
  deleteShopFavorite,
  getCatalogueFavoriteList,
  getDesignerDetail,
  getDesignerFavoriteList,
  getShopFavoriteList,
  setDesignerFavorite,
  setShopFavorite,
} from './endpoints/favorites.js';
import { getReviewList } from './endpoints/reviews.js';
import { getAddressByCoord, getCoordByAddress, getCoordSearchList } from './endpoints/coord.js';
import {
  confirmQrLogin,
  getQrCodeInfo,
  getQrSessionStatus,
  openQrSession,
} from './endpoints/qr.js';
import {
  connectIdentity,
  disconnectIdentity,
  getOidcConfig,
  oidcLogin,
  oidcSignUp,
} from './endpoints/oidc.js';
import { getConsents, setMarketingConsent } from './endpoints/consents.js';
import {
  addHairBook,
  getCatalogueStyle,
  getCatalogueType,
  getGenderHairListByShop,
  getPhotoDetail,
  getShareStyle,
  getShopListByStyleBook,
  subHairBook,
} from './endpoints/stylebook.js';
import {
  addReview,
  cancelUserBooking,
  deleteUserBooking,
  getUserBookingDetail,
  getUserBookingList,
  setUserBookingStatus,
} from './endpoints/booking-history.js';
import {
  addBooking,
  checkHoliday,
  getBookingStaffAndMenu,
  getBookingTime,
  getUserProfile,
} from './endpoints/booking.js';
import {
  cancelBookingByShop,
  deleteDesignerHoliday,
  deleteShopHoliday,
  getConsoleBookingList,
  getConsoleSchedule,
  setBookingOpen,
  setBookingVisited,
  setDesignerHoliday,
  setDesignerWorkingHours,
  setShopHoliday,
} from './endpoints/console-booking.js';

/** Every endpoint contract, for OpenAPI generation and the contract-coverage test. */
export const allEndpoints: readonly EndpointContract[] = [
  getMainBanner,
  getMiddleBanner,
  getHotHairColorList,
  getHotStyleList,
  predictFaceLandmark,
  predictHairColor,
  predictHairMask,
  predictBald,
  userCheck,
  getUserInfo,
  changeName,
  changePassword,
  createPassword,
  deleteAccount,
  changeMailAddress,
  requestMail,
  confirmMailAddress,
  sendInquiry,
  getRandomHairResource,
  getListHairResources,
  registerByEmail,
  getEmailInToken,
  activateRegistration,
  loginByEmail,
  logout,
  requestPasswordReset,
  callResetPassword,
  sendSmsForSimpleLogin,
  simpleLogin,
  activateWithTel,
  sendVerificationCode,
  checkVerificationCode,
  getShopSearchInfo,
  getDesignerSearchInfo,
  getShopSearchInfoForMap,
  getMapConfig,
  getCoordSearchList,
  getCoordByAddress,
  getAddressByCoord,
  getShopDetail,
  getShopMenuList,
  setShopFavorite,
  deleteShopFavorite,
  setDesignerFavorite,
  deleteDesignerFavorite,
  getShopFavoriteList,
  getDesignerFavoriteList,
  getCatalogueFavoriteList,
  getDesignerDetail,
  getReviewList,
  openQrSession,
  getQrSessionStatus,
  getQrCodeInfo,
  confirmQrLogin,
  getOidcConfig,
  oidcLogin,
  oidcSignUp,
  connectIdentity,
  disconnectIdentity,
  getConsents,
  setMarketingConsent,
  getCatalogueType,
  getCatalogueStyle,
  getShareStyle,
  getPhotoDetail,
  getGenderHairListByShop,
  getShopListByStyleBook,
  addHairBook,
  subHairBook,
  checkHoliday,
  getBookingTime,
  getBookingStaffAndMenu,
  getUserProfile,
  addBooking,
  getUserBookingList,
  getUserBookingDetail,
  cancelUserBooking,
  setUserBookingStatus,
  deleteUserBooking,
  addReview,
  getConsoleSchedule,
  setShopHoliday,
  deleteShopHoliday,
  setDesignerWorkingHours,
  setDesignerHoliday,
  deleteDesignerHoliday,
  getConsoleBookingList,
  setBookingVisited,
  cancelBookingByShop,
  setBookingOpen,
  saveToMyGallery,
  getMyGalleryList,
  deletesFromMyGallery,
  getMypageSummary,
];
