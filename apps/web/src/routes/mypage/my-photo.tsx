import { HistoryPhotos } from '../../features/records/history-photos';

/** /mypage/myphoto/:shop? — styling photos and videos by visit; the date picker opens over it. */
export default function MyPhotoScreen() {
  return <HistoryPhotos />;
}
