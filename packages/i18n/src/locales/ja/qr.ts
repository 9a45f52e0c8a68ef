import type { qr as ko } from '../ko/qr.js';

export const qr: typeof ko = {
  scanner: {
    heading: 'QRコードでミラーにログイン',
    lead: 'サロンのスマートミラーに表示されたQRコードを枠内に映してください。',
    viewfinderLabel: 'QRコード読み取りカメラ',
    starting: 'カメラを準備しています…',
    start: 'カメラで読み取る',
    retry: 'もう一度試す',
    deniedTitle: 'カメラへのアクセスが必要です',
    deniedBody:
      'ブラウザの設定でカメラへのアクセスを許可するか、下にコードを直接入力してください。',
    unavailableTitle: 'カメラを利用できません',
    unavailableBody:
      'この端末ではカメラを起動できません。ミラーに表示されたコードを入力してください。',
  },
  manual: {
    title: 'コードを直接入力',
    label: 'ミラーに表示されたコード',
    placeholder: 'XXXX-XXXX-XXXX-…',
    hint: 'QRコードの下にある28文字のコードです。大文字・小文字やハイフンは区別しません。',
    formatError: 'コードの形式が正しくありません。ミラーに表示された28文字をご確認ください。',
    submit: 'コードを確認',
  },
  confirm: {
    eyebrow: 'スマートミラーにログイン',
    question: '{{shop}}のミラーにログインしますか？',
    body: 'ミラーにあなたのスタイル履歴や情報が表示されます。ご本人がミラーの前にいるときだけ確認してください。',
    expiresIn: '残り{{time}}',
    expired:
      'QRコードの有効期限が切れました。ミラーに新しいコードを表示して、もう一度読み取ってください。',
    submit: 'ログイン',
    submitting: 'ログインしています…',
    cancel: 'キャンセル',
    scanAgain: 'もう一度読み取る',
    checking: 'QRコードを確認しています…',
    failureTitle: 'QRログインに失敗しました',
  },
  phone: {
    title: '電話番号の認証が必要です',
    body: 'QRログインは電話番号を認証した後にご利用いただけます。',
    create: '電話番号を登録する',
    verify: '電話番号を認証する',
  },
  success: {
    title: 'ミラーにログインしました',
    body: '{{shop}}のミラーであなたの情報をご確認ください。ミラーのログインは30分後に自動で終了します。',
    done: 'マイページへ',
  },
  mirror: {
    documentTitle: 'Carol スマートミラー',
    brand: 'Carol Smart Mirror',
    keyHeading: 'コンソールキーの入力',
    keyLead:
      'このサロンのコンソールキーを入力してください。キーはこのタブにのみ保存され、タブを閉じると消去されます。',
    keyLabel: 'コンソールキー',
    keyRequired: 'コンソールキーを入力してください。',
    keySubmit: '開始する',
    keyRejected: 'コンソールキーが正しくないか、利用停止されています。',
    changeKey: 'コンソールキーを変更',
    scanHeading: 'スマートフォンでQRコードを読み取ってください',
    scanSteps: 'Carolアプリ › マイページ › QRコード読み取り',
    codeLabel: '直接入力用のコード',
    refreshIn: '{{seconds}}秒後に新しいコード',
    refreshing: '新しいQRコードを作成しています…',
    connectionProblem: '接続が不安定です。再試行しています…',
    welcome: '{{name}}様、ようこそ',
    welcomeBody: '今日もあなたにぴったりのスタイルを見つけましょう。',
    signedInUntil: 'このミラーのログインは{{minutes}}分後に自動で終了します。',
    logout: 'ログアウト',
  },
};
