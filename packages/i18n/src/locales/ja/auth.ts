import type { auth as ko } from '../ko/auth.js';

export const auth: typeof ko = {
  fields: {
    email: 'メールアドレス',
    password: 'パスワード',
    familyName: '姓',
    givenName: '名',
  },
  placeholders: {
    email: 'name@example.com',
    password: 'パスワード',
    newPassword: '英大文字・小文字、数字、- _ ! を含む8〜12文字',
  },
  fieldErrors: {
    email: '正しいメールアドレスを入力してください。',
    passwordRequired: 'パスワードを入力してください。',
  },
  login: {
    heading: 'Carolへようこそ',
    submit: 'ログイン',
    submitting: 'ログイン中…',
    failureTitle: 'ログインに失敗しました',
    register: 'メールアドレスで会員登録',
    findPassword: 'パスワードをお忘れの方',
    phoneLogin: '電話番号でログイン',
  },
  register: {
    heading: 'メールアドレスで会員登録',
    lead: '登録後、入力したメールアドレスに認証リンクをお送りします。',
    submit: '登録する',
    submitting: '登録中…',
    failureTitle: '会員登録に失敗しました',
    haveAccount: 'すでにアカウントをお持ちの方',
  },
  checkMail: {
    heading: 'メールをご確認ください',
    body: '{{email}} に認証メールを送信しました。24時間以内にメールのリンクを開いて登録を完了してください。',
    hint: 'メールが届かない場合は迷惑メールフォルダを確認するか、もう一度登録してください。',
    back: 'ログインへ',
  },
  activate: {
    working: '登録を完了しています…',
    failureTitle: '認証に失敗しました',
    again: 'もう一度登録する',
    welcome: '登録が完了しました。ようこそ！',
  },
  logout: {
    action: 'ログアウト',
    done: 'ログアウトしました。',
  },
};
