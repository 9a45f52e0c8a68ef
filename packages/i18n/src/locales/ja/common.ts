import type { common as ko } from '../ko/common.js';

export const common: typeof ko = {
  appName: 'Carol',
  slogan: 'あなただけのスマートAIビューティーソリューション',
  actions: {
    back: '戻る',
    close: '閉じる',
    retry: '再試行',
    goHome: 'ホームへ',
    findSalon: 'サロンを探す',
    done: '完了',
    reload: '再読み込み',
  },
  locale: {
    button: '言語と国の設定',
    sheetTitle: '言語・国',
    languageLabel: '言語',
    countryLabel: '国',
    countryHint: '選んだ国のサロン、料金、予約情報が表示されます。',
  },
  languages: {
    ko: '한국어',
    en: 'English',
    ja: '日本語',
  },
  countries: {
    kr: '한국',
    jp: '日本',
  },
  membersOnly: {
    login: 'ログイン',
    register: '会員登録',
  },
  loading: '読み込み中',
  skipToContent: '本文へスキップ',
  toastRegion: 'お知らせ',
  loadError: {
    title: '画面を読み込めませんでした',
    body: '通信が不安定か、一時的にアクセスが集中している可能性があります。しばらくしてから再度お試しください。',
    busy: 'ただいまアクセスが集中しています。しばらくしてから再度お試しください。',
  },
  offline: {
    title: 'インターネットに接続されていません',
    body: '接続を確認してから再試行してください。接続が戻ると最新の情報を読み込みます。',
  },
  update: {
    title: '新しいバージョンがあります',
    later: 'あとで',
  },
  errorBoundary: {
    title: '画面を表示できませんでした',
    body: '一時的な問題の可能性があります。再読み込みするか、ホームに戻ってください。',
  },
};
