import { HistoryDatePicker } from '../../features/records/date-picker';

/** /mypage/myphoto/:shop?/datepicker — the date-range sheet over the photo list. */
export default function MyPhotoDatepickerScreen() {
  return <HistoryDatePicker />;
}
