import type { signup as ko } from '../ko/signup.js';

export const signup: typeof ko = {
  consents: {
    legend: '規約への同意',
    all: 'すべてに同意する',
    allHint: '必須項目と任意項目（お知らせメール・SMSの受信）のすべてに同意します。',
    required: '必須',
    optional: '任意',
    view: '表示',
    viewLabel: '{{item}}の内容を表示',
    agree: '同意する',
    items: {
      terms: '利用規約に同意する',
      privacy: '個人情報の取り扱いに同意する',
      age: '14歳以上です',
      marketing: 'おトクな情報をメール・SMSで受け取る',
    },
    privacy: {
      intro: 'Carolは、会員登録とサービス提供のために、次のとおり個人情報を取得・利用します。',
      itemsLabel: '取得する情報',
      items:
        '氏名、メールアドレス、パスワード（暗号化して保存）、ご利用の国と言語。Google・Appleで登録する場合は、外部アカウントの識別子とメールアドレス。',
      purposeLabel: '利用目的',
      purpose: '会員の識別、登録・退会の手続き、サロンの予約と予約のご案内、お問い合わせへの対応',
      retentionLabel: '保存期間',
      retention:
        '退会または同意の撤回まで。法令で保存が義務づけられている記録は、その期間保存します。',
      refusal: '同意しないこともできますが、その場合は会員登録ができません。',
      fullPolicy: 'プライバシーポリシーの全文を見る',
    },
    age: {
      body: '14歳未満のお子さまの個人情報の取り扱いには法定代理人の同意が必要なため、Carolには14歳以上の方のみご登録いただけます。',
    },
    marketing: {
      body: '新しくオープンしたサロン、割引クーポン、キャンペーンのお知らせをメールとSMSでお送りします。',
      optional:
        '受け取らなくても会員登録やサービスのご利用に制限はなく、設定からいつでも変更できます。',
    },
    fullTerms: '利用規約の全文を見る',
  },
  oidc: {
    heading: '規約に同意して登録を完了してください',
    lead: '{{provider}}アカウントでのご利用は初めてです。下記の規約に同意すると登録が完了します。',
    account: '登録するアカウント',
    submit: '同意して登録する',
    submitting: '登録中…',
    failureTitle: '登録を完了できませんでした',
    expired: '登録の有効時間が過ぎました。最初からやり直してください。',
    restart: 'ログイン画面へ',
    cancel: '登録しない',
  },
  welcome: {
    heading: '{{name}}さん、ようこそCarolへ！',
    headingNoName: 'ようこそCarolへ！',
    body: '会員登録が完了しました。サロンの予約、お気に入り、カラー体験の保存がご利用いただけます。',
    nextTitle: 'さっそく始めてみましょう',
    findSalon: '近くのサロンを探す',
    findSalonBody: 'エリアや地図から、近くのサロンとスタイリストを探せます。',
    tryColour: 'ヘアカラーを試す',
    tryColourBody: '写真1枚で、似合うカラーを事前に確認できます。',
    continue: '元の画面に戻る',
    home: 'ホームへ',
    marketingOn: '{{date}}にお知らせメール・SMSの受信に同意しました。',
    marketingOff: 'お知らせメール・SMSの受信には同意していません。',
    marketingChange: '設定からいつでも変更できます。',
  },
  settings: {
    title: 'お知らせの受信',
    label: 'おトクな情報やキャンペーンをメール・SMSで受け取る',
    on: '{{date}}に受信に同意しました。',
    off: '{{date}}から受け取らない設定です。',
    never: 'お知らせの受信には同意していません。',
    savedOn: 'お知らせの受信に同意しました（{{date}}）。',
    savedOff: 'お知らせの受信を停止しました（{{date}}）。',
    failed: '変更できませんでした。しばらくしてからもう一度お試しください。',
  },
};
