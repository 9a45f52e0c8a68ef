import type { phone as ko } from '../ko/phone.js';

export const phone: typeof ko = {
  fields: {
    tel: '携帯電話番号',
    code: '認証番号',
    password: '現在のパスワード',
  },
  placeholders: {
    kr: '010-1234-5678',
    jp: '090-1234-5678',
    code: '6桁の数字',
  },
  code: {
    send: '認証番号を受け取る',
    sending: '送信中…',
    sentTo: '<strong>{{tel}}</strong> に認証番号を送信しました。',
    remaining: '残り時間',
    expired: '有効期限が切れました。認証番号をもう一度受け取ってください。',
    resend: '認証番号を再送信',
    resendIn: '{{seconds}}秒後に再送信',
    sendIn: '{{seconds}}秒後に受け取れます',
    tooSoon: '認証番号の送信は1分に1回までです。少し待ってからもう一度お試しください。',
    changeNumber: '番号を変更',
    required: '6桁の認証番号を入力してください。',
    notArrived:
      '認証番号が届きませんか？入力した番号を確認し、しばらくしてから再送信してください。',
    notArrivedShort: '認証番号が届きませんか？',
  },
  login: {
    heading: '携帯電話番号でログイン',
    lead: 'スマートミラーで登録した携帯電話番号に認証番号をお送りします。',
    eligibility:
      '電話番号ログインは、2024年より前にスマートミラーで登録した会員のみご利用いただけます。それ以外の方はメールアドレスでログインしてください。',
    submit: 'ログイン',
    submitting: 'ログイン中…',
    failureTitle: 'ログインできませんでした',
    emailLogin: 'メールアドレスでログイン',
  },
  settings: {
    createTel: {
      heading: '携帯電話番号の登録',
      lead: '登録する番号に認証番号をお送りします。認証が完了すると、予約・QRログイン・データ連携をご利用いただけます。',
      submit: '認証して登録',
      done: '携帯電話番号を登録しました。',
    },
    changeTel: {
      heading: '携帯電話番号の変更',
      lead: '新しい番号に認証番号をお送りします。認証が完了すると番号が変更されます。',
      current: '現在の番号',
      submit: '認証して変更',
      done: '携帯電話番号を変更しました。',
    },
    passwordHint: 'ご本人確認のため、現在のパスワードを入力してください。',
    passwordRequired: '現在のパスワードを入力してください。',
    reauthHint:
      'セキュリティのため、ログインから10分以上経っている場合は、もう一度ログインしてから変更してください。',
    relogin: 'もう一度ログイン',
    failureTitle: '処理できませんでした',
  },
  server: {
    codeSent: '認証番号を送信しました。{{minutes}}分以内に入力してください。',
    verified: '携帯電話番号を認証しました。',
  },
  sms: {
    loginCode: '【Carol】ログイン認証番号は {{code}} です。有効期限は{{minutes}}分です。',
    verifyCode: '【Carol】電話番号の認証番号は {{code}} です。有効期限は{{minutes}}分です。',
    notEligible:
      '【Carol】この番号で電話番号ログインのリクエストがありましたが、このアカウントでは電話番号ログインをご利用いただけません。メールアドレスでログインしてください：{{link}}',
  },
};
