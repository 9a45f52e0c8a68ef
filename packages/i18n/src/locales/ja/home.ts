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
    placeholder: '今週いちばん保存されたスタイルを、まもなくここでご紹介します。',
    cta: 'スタイルブックを見る',
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
    placeholder: '現在地から近いサロンをここに表示する予定です。',
    cta: '地図でサロンを探す',
  },
  nearbyDesigners: {
    title: '近くのスタイリスト',
    placeholder: '近くのサロンで活躍するスタイリストをここでご紹介します。',
    cta: 'スタイリストを探す',
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
  comingSoon: '準備中',
};
