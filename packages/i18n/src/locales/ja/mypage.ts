import type { mypage as ko } from '../ko/mypage.js';

export const mypage: typeof ko = {
  greeting: '{{name}}さん',
  hello: 'こんにちは！今日もあなたに似合うスタイルを見つけましょう。',
  manageAccount: '会員情報の管理',
  loading: 'マイページを読み込んでいます',
  error: '会員情報を読み込めませんでした。',
  retry: '再試行',
  counts: {
    label: 'わたしの記録',
    styles: 'スタイル',
    designers: 'スタイリスト',
    shops: 'サロン',
    gallery: 'ギャラリー',
  },
  next: {
    title: '次のご予約',
    all: '予約履歴',
    upcoming: '予定 {{count}}件',
    today: '今日',
    tomorrow: '明日',
    inDays: 'あと{{days}}日',
    designer: '担当 {{name}}',
    open: '{{shop}}の予約詳細を見る',
    emptyTitle: '予定しているご予約はありません',
    emptyBody: '気になるサロンを探して、予約してみましょう。',
    findSalon: 'サロンを探す',
  },
  shortcuts: {
    label: 'ショートカット',
    reservations: '予約履歴',
    favorites: 'お気に入り',
    gallery: 'ギャラリー',
    visits: '来店サロン',
    history: 'スタイル履歴',
    scalp: '頭皮診断',
    qr: 'QR読み取り',
    settings: '設定',
  },
  support: {
    title: 'カスタマーセンター',
  },
};
