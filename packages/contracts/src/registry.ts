import type { EndpointContract } from './endpoint.js';
import { getMainBanner, getMiddleBanner } from './endpoints/banners.js';
import { getHotHairColorList } from './endpoints/hair-colors.js';
import { userCheck } from './endpoints/account.js';
import { sendInquiry } from './endpoints/support.js';
import { getRandomHairResource } from './endpoints/hair-resources.js';

/** Every endpoint contract, for OpenAPI generation and the contract-coverage test. */
export const allEndpoints: readonly EndpointContract[] = [
  getMainBanner,
  getMiddleBanner,
  getHotHairColorList,
  userCheck,
  sendInquiry,
  getRandomHairResource,
];
