import type { EndpointContract } from './endpoint.js';
import { getMainBanner, getMiddleBanner } from './endpoints/banners.js';
import { getHotHairColorList } from './endpoints/hair-colors.js';
import {
  changeName,
  changePassword,
  createPassword,
  deleteAccount,
  getUserInfo,
  userCheck,
} from './endpoints/account.js';
import { sendInquiry } from './endpoints/support.js';
import { getRandomHairResource } from './endpoints/hair-resources.js';
import {
  activateRegistration,
  callResetPassword,
  getEmailInToken,
  loginByEmail,
  logout,
  registerByEmail,
  requestPasswordReset,
} from './endpoints/auth.js';
import { getDesignerSearchInfo, getShopSearchInfo } from './endpoints/search.js';
import { getShopDetail, getShopMenuList } from './endpoints/shops.js';

/** Every endpoint contract, for OpenAPI generation and the contract-coverage test. */
export const allEndpoints: readonly EndpointContract[] = [
  getMainBanner,
  getMiddleBanner,
  getHotHairColorList,
  userCheck,
  getUserInfo,
  changeName,
  changePassword,
  createPassword,
  deleteAccount,
  sendInquiry,
  getRandomHairResource,
  registerByEmail,
  getEmailInToken,
  activateRegistration,
  loginByEmail,
  logout,
  requestPasswordReset,
  callResetPassword,
  getShopSearchInfo,
  getDesignerSearchInfo,
  getShopDetail,
  getShopMenuList,
];
