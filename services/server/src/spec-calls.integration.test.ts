import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, defaultBasePaths, type ServiceBase } from '@carol/contracts';
import { createTestApp, type TestApp } from '../test/app.js';

/**
 * Every call of spec §7 (74), by its base and path: each has a contract and a route the server
 * answers ("every call of spec §7 answers, 74 of 74"). The list is the spec's, written
 * out here so a call that loses its contract or route fails this test by name.
 */
const specCalls: readonly [ServiceBase, string][] = [
  // Banners; the shop host's random hair resource
  ['main', '/carol/banner/getMainBanner'],
  ['main', '/carol/banner/getMiddleBanner'],
  ['shop', '/carol/home/get_random_hair_resource'],
  // Search
  ['main', '/carol/shop/getShopSearchInfo'],
  ['main', '/carol/designer/getDesignerSearchInfo'],
  ['main', '/carol/coord/getSearchList'],
  ['main', '/carol/coord/getCoordByAddress'],
  ['main', '/carol/coord/getAddressByCoord'],
  ['main', '/carol/shop/getShopSearchInfoForMap'],
  ['main', '/carol/shop/getShopDetail'],
  ['main', '/carol/shop/getShopMenuList'],
  ['main', '/carol/shop/getShopListByStyleBook'],
  // Favourites
  ['main', '/carol/shop/setShopFavorite'],
  ['main', '/carol/shop/deleteShopFavorite'],
  ['main', '/carol/designer/setDesignerFavorite'],
  ['main', '/carol/designer/deleteDesignerFavorite'],
  ['main', '/carol/mypage/getShopFavoriteList'],
  ['main', '/carol/mypage/getCatalogueFavoriteList'],
  ['main', '/carol/mypage/getDesignerFavoriteList'],
  // Style book
  ['main', '/userapi/photo/genderHairListByShop'],
  ['main', '/carol/catalogue/getType'],
  ['main', '/carol/catalogue/getStyle'],
  ['main', '/carol/catalogue/getShareStyle'],
  ['main', '/carol/catalogue/getPhotoDetail'],
  ['main', '/carol/mypage/add_hair_book'],
  ['main', '/carol/mypage/sub_hair_book'],
  // My page; the shop host's verification calls
  ['main', '/carol/account/get_user_info'],
  ['main', '/carol/mypage/getMyPhotoList'],
  ['main', '/carol/mypage/getDateVisitList'],
  ['main', '/carol/mypage/getShopVisitList'],
  ['main', '/carol/mypage/get_visit_shop_list'],
  ['main', '/carol/mypage/delete_history'],
  ['main', '/carol/mypage/set_caption'],
  ['shop', '/carol/mypage/send_verification_code'],
  ['shop', '/carol/mypage/check_verification_code'],
  // Scalp
  ['main', '/carol/scalp/get_diagnosis_contents'],
  ['main', '/carol/scalp/delete_diagnosis_content'],
  // Account
  ['main', '/carol/account/change_name'],
  ['main', '/carol/account/change_mail_address'],
  ['main', '/carol/account/confirm_mail_address'],
  ['main', '/carol/account/change_password'],
  ['main', '/carol/account/create_password'],
  ['main', '/carol/account/delete'],
  ['main', '/carol/account/request_mail'],
  ['main', '/carol/account/user_link_add'],
  ['main', '/carol/account/user_link_cancel'],
  ['main', '/carol/account/user_check'],
  ['main', '/carol/account/call_reset_password'],
  ['main', '/carol/account/connect'],
  ['main', '/carol/account/disconnect'],
  // Auth
  ['main', '/userapi/login/login'],
  ['main', '/userapi/reset_password'],
  ['main', '/userapi/registration/get_email_in_token'],
  ['main', '/userapi/registration/activate'],
  ['main', '/userapi/registration/activate_with_tel'],
  ['main', '/userapi/oidc/login'],
  ['main', '/userapi/login/send_sms_for_simple_login'],
  ['main', '/userapi/login/simple_login'],
  // Gallery (shop host)
  ['shop', '/carol/mygallery/save_to_my_gallery'],
  ['shop', '/carol/mygallery/get_my_gallery_list'],
  ['shop', '/carol/mygallery/deletes_from_my_gallery'],
  // Booking (shop host)
  ['shop', '/carol/booking/get_user_booking_list'],
  ['shop', '/carol/booking/get_user_booking_detail'],
  ['shop', '/carol/booking/set_user_booking_status'],
  ['shop', '/carol/booking/cancel_user_booking'],
  ['shop', '/carol/booking/check_holiday'],
  ['shop', '/carol/booking/get_booking_time'],
  ['shop', '/carol/booking/get_booking_staff_and_menu'],
  ['shop', '/carol/booking/get_user_profile'],
  ['shop', '/carol/booking/add_booking'],
  // Hair resources
  ['main', '/carol/hairresource/get_list_hair_resources'],
  // ML service
  ['ml', '/hair-color/predict/v1'],
  ['ml', '/face-landmark/predict/v1'],
  ['ml', '/bald/predict/v3'],
];

describe('spec §7 calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists 74 distinct calls', () => {
    expect(specCalls).toHaveLength(74);
    expect(new Set(specCalls.map(([b, p]) => `${b}${p}`)).size).toBe(74);
  });

  it.each(specCalls)('%s %s has a contract and a route', (base, path) => {
    const contract = allEndpoints.find((e) => e.base === base && e.path === path);
    expect(contract, `contract for ${base} ${path}`).toBeDefined();
    expect(
      t.app.hasRoute({ method: 'POST', url: `${defaultBasePaths[base]}${path}` }),
      `route POST ${defaultBasePaths[base]}${path}`,
    ).toBe(true);
  });
});
