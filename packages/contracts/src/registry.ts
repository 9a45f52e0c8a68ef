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
import { changeMailAddress, confirmMailAddress, requestMail } from './endpoints/email-change.js';
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
import {
  activateWithTel,
  checkVerificationCode,
  sendSmsForSimpleLogin,
  sendVerificationCode,
  simpleLogin,
} from './endpoints/phone.js';
import { getDesignerSearchInfo, getShopSearchInfo } from './endpoints/search.js';
import { getShopDetail, getShopMenuList } from './endpoints/shops.js';
import { getAddressByCoord, getCoordByAddress, getCoordSearchList } from './endpoints/coord.js';
import {
  confirmQrLogin,
  getQrCodeInfo,
  getQrSessionStatus,
  openQrSession,
} from './endpoints/qr.js';
import { connectIdentity, disconnectIdentity, getOidcConfig, oidcLogin } from './endpoints/oidc.js';

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
  changeMailAddress,
  requestMail,
  confirmMailAddress,
  sendInquiry,
  getRandomHairResource,
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
  getCoordSearchList,
  getCoordByAddress,
  getAddressByCoord,
  getShopDetail,
  getShopMenuList,
  openQrSession,
  getQrSessionStatus,
  getQrCodeInfo,
  confirmQrLogin,
  getOidcConfig,
  oidcLogin,
  connectIdentity,
  disconnectIdentity,
];
