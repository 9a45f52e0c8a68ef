import { HistoryIndex } from '../../features/history/history-index';

/** /mypage/myphotoindex — the styling-history hub: linked salons, last visits, notices (issue 27). */
export default function MyPhotoIndexScreen() {
  return <HistoryIndex />;
}
