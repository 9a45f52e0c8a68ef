import type { reviews as ko } from '../ko/reviews.js';

export const reviews: typeof ko = {
  title: '口コミ',
  withdrawnAuthor: '退会した会員',
  average: '平均評価',
  outOfFive: '5点中{{rating}}点',
  count: '口コミ{{count}}件',
  starsRow: '星{{stars}}',
  starsRowLabel: '星{{stars}}の口コミ{{count}}件',
  empty: 'まだ口コミはありません',
  emptyHint: '来店した会員の口コミがここに表示されます。',
  error: '口コミを読み込めませんでした',
  retry: '再読み込み',
  loading: '口コミを読み込み中',
  more: '口コミをもっと見る',
  designer: '担当：{{name}}',
  photoAlt: '口コミ写真 {{index}}',
  recent: '最新の口コミ',
};
