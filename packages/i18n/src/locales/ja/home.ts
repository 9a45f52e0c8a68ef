import type { home as ko } from '../ko/home.js';

export const home: typeof ko = {
  hero: {
    eyebrow: 'My Smart AI Beauty Solution',
    title: '今日のあなたに似合う\nヘアを見つけよう',
    body: '近くのサロンやスタイリストを探して、写真1枚で新しいカラーを試してみましょう。',
    primary: 'サロンを探す',
    secondary: 'AIで試してみる',
  },
  search: {
    label: 'サロン・スタイリストを検索',
    placeholder: 'サロン名・スタイリスト名で検索',
  },
  banners: {
    region: 'おすすめ',
    slide: '{{index}} / {{total}}',
    goTo: '{{index}}枚目のバナーを表示',
  },
  hotStyles: {
    title: 'いま人気のスタイル',
    subtitle: 'いちばん保存されているスタイルです',
    seeAll: 'スタイルブック',
    empty: '現在ご紹介できる人気スタイルはありません。',
    error: '人気スタイルを読み込めませんでした。',
    likes: 'いいね {{count}}',
    open: '{{name}}のスタイルを見る',
  },
  hotColors: {
    title: '人気のヘアカラー',
    subtitle: 'カラーをタップして、写真で試してみましょう',
    empty: '現在ご紹介できる人気カラーはありません。',
    error: '人気カラーを読み込めませんでした。',
    tryColor: '{{name}}を試す',
  },
  middleBanners: {
    title: '見逃せない情報',
  },
  nearbyShops: {
    title: '近くのサロン',
    seeAll: 'すべて見る',
    empty: '近くに登録されているサロンはまだありません。',
    error: '近くのサロンを読み込めませんでした。',
    distance: '{{km}}km',
    rating: '評価 {{rating}}、口コミ {{count}}件',
    fromPrice: '{{price}}〜',
    noPrice: '料金はお問い合わせ',
    smart: 'スマートサロン',
  },
  nearbyDesigners: {
    title: '近くのスタイリスト',
    seeAll: 'すべて見る',
    empty: '近くで活躍するスタイリストはまだいません。',
    error: '近くのスタイリストを読み込めませんでした。',
    label: '{{name}}、{{shop}}、{{km}}km',
  },
  origin: {
    kr: 'ソウル市庁から',
    jp: '東京駅から',
    mine: '現在地から',
    place: '{{name}}から',
    useMine: '現在地で見る',
    locating: '現在地を確認中…',
    denied: '位置情報を使えないため、標準エリアで表示しています',
  },
  byLength: {
    title: '長さ別スタイル',
    subtitle: '長さを選ぶとスタイルブックが開きます',
  },
  lengths: {
    short: 'ショート',
    bob: 'ボブ',
    medium: 'ミディアム',
    long: 'ロング',
    male: 'メンズ',
  },
};
