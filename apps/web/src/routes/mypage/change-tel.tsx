import { PhoneChangeScreen } from '../../features/auth/phone-change-form';

/** /mypage/setting/changetel — replace the mobile number (re-authentication, then SMS code). */
export default function ChangeTelScreen() {
  return <PhoneChangeScreen mode="changeTel" />;
}
