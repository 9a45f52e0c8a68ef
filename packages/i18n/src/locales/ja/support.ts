import type { support as ko } from '../ko/support.js';

export const support: typeof ko = {
  inquiry: {
    heading: 'どのようなご用件でしょうか？',
    intro: 'ご不明な点やお困りのことをお知らせください。2営業日以内にメールでご返信します。',
  },
  partnership: {
    heading: 'Carolと一緒に成長しませんか',
    intro:
      'サロンの掲載、広告出稿、ブランド提携のご提案をお待ちしています。担当者が確認のうえご連絡します。',
  },
  fields: {
    name: 'お名前',
    email: 'メールアドレス',
    company: '会社名・サロン名',
    title: '件名',
    message: 'お問い合わせ内容',
  },
  placeholders: {
    name: '山田 花子',
    email: 'name@example.com',
    company: '任意',
    title: '件名を入力してください',
    message: '詳しくご記入いただくと、より的確にご案内できます。',
    partnershipMessage: 'ご提案内容、ご希望のスケジュール、ご担当者の連絡先をご記入ください。',
  },
  optional: '任意',
  counter: '{{count}} / {{max}}',
  consent:
    'お問い合わせへの対応のため、氏名とメールアドレスを収集・利用することに同意します（回答後3年間保管）。',
  fieldErrors: {
    required: '{{field}}は必須項目です。',
    email: '正しいメールアドレスを入力してください。',
    tooShort: '{{min}}文字以上で入力してください。',
    tooLong: '{{max}}文字以内で入力してください。',
    consent: '個人情報の収集・利用に同意してください。',
    invalidCharacters: '使用できない文字が含まれています。その文字を削除してください。',
  },
  formError: '入力内容をご確認ください。',
  submit: '送信する',
  submitting: '送信中…',
  success: {
    title: 'お問い合わせを受け付けました',
    body: '受付番号は{{id}}です。ご入力いただいたメールアドレスにご返信します。',
    again: '新しいお問い合わせ',
  },
  failureTitle: 'お問い合わせを送信できませんでした',
};
