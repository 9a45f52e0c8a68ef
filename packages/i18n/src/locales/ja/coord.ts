import type { coord as ko } from '../ko/coord.js';

export const coord: typeof ko = {
  search: {
    label: 'エリア・街・駅名で検索',
    placeholder: 'エリア・街・駅名（例：渋谷、表参道）',
    clear: '検索語を消す',
  },
  current: {
    use: '現在地から探す',
    locating: '現在地を確認しています…',
    hint: '端末の位置情報の許可が必要です',
    denied: '位置情報が許可されていないため、現在地がわかりません。エリア名で検索してください。',
    unavailable: 'この端末では位置情報を取得できません。エリア名で検索してください。',
    outside: '現在地がサービス対象地域（韓国・日本）の外です。エリア名で検索してください。',
    mine: '現在地',
  },
  chosen: {
    label: '現在の基準地',
    none: '標準の場所（{{city}}）',
    reset: '標準に戻す',
  },
  suggestions: {
    title: 'よく探されるエリア',
    kr: 'カンナム駅,ホンデ,ソンス洞,アックジョン,ヨイド,チャムシル,ヘウンデ,ソミョン',
    jp: '渋谷,表参道,原宿,新宿,銀座,梅田,心斎橋,難波',
  },
  results: {
    title: '検索結果',
    loading: 'エリアを探しています',
    empty: '「{{keyword}}」に当てはまるエリアはありません',
    emptyHint: '街や駅の名前を変えて検索してください。ひらがな・ローマ字でも探せます。',
    error: 'エリアを読み込めませんでした',
    retry: 'もう一度試す',
  },
  kinds: {
    metro: '広域市',
    province: '道',
    si: '市',
    gu: '区',
    gun: '郡',
    dong: '洞',
    prefecture: '都道府県',
    city: '市',
    ward: '区',
    area: 'エリア',
    station: '駅',
  },
  chip: {
    label: '基準地：{{name}}（変更）',
  },
};
