import type { map as ko } from '../ko/map.js';

export const map: typeof ko = {
  title: '地図でサロンを探す',
  toggle: {
    map: '地図',
    mapLabel: '地図で見る',
    list: 'リスト',
    listLabel: 'リストで見る',
  },
  filters: '絞り込み',
  filtersActive: '絞り込み{{count}}件',
  keywordChip: '「{{keyword}}」の検索結果',
  zoomIn: '拡大',
  zoomOut: '縮小',
  clearKeyword: '検索ワードを消す',
  researchArea: 'このエリアで再検索',
  myLocation: '現在地へ移動',
  locating: '現在地を確認しています…',
  locationDenied: '位置情報が許可されていないため、{{place}}周辺を表示しています。',
  defaultPlace: {
    kr: 'ソウル市庁',
    jp: '東京駅',
  },
  tilesUnavailable:
    '地図の背景を読み込めませんでした。サロンの位置とリストはそのままご利用いただけます。',
  status: {
    loading: 'このエリアのサロンを検索中',
    count: 'このエリアのサロン{{count}}件',
    clustered: 'このエリアのサロン{{count}}件・拡大すると1件ずつ表示されます',
    empty: 'このエリアに条件に合うサロンはありません',
    emptyHint: '地図を動かすか、絞り込み条件を変えてみてください。',
    error: 'サロンを読み込めませんでした。',
    retry: '再試行',
  },
  marker: {
    price: '{{price}}〜',
    noPrice: '料金はお問い合わせ',
    label: '{{name}}、{{price}}',
    cluster: 'サロン{{count}}件、タップして拡大',
    spot: '同じ場所のサロン{{count}}件、タップして一覧を表示',
  },
  spot: {
    title: 'この場所のサロン{{count}}件',
  },
  card: {
    region: '地図で選んだサロン',
    close: '閉じる',
    open: 'サロンを見る',
    rating: '評価{{rating}}、口コミ{{count}}件',
    reviews: '口コミ{{count}}件',
    smart: 'スマートサロン',
    openNow: '営業中',
    position: '{{count}}件中{{index}}件目',
  },
  map: {
    label: 'サロンの地図',
  },
};
