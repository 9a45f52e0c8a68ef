import { HistoryIndex } from '../../features/records/history-index';

/** /mypage/myphotoindex — the styling-history hub: linked salons, last visits, notices. */
export default function MyPhotoIndexScreen() {
  return <HistoryIndex />;
}
