import { PhoneChangeScreen } from '../../features/auth/phone-change-form';

/** /mypage/setting/createtel — add a verified mobile number (SMS code). */
export default function CreateTelScreen() {
  return <PhoneChangeScreen mode="createTel" />;
}
