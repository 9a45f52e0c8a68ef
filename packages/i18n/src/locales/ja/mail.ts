import type { mail as ko } from '../ko/mail.js';

export const mail: typeof ko = {
  signature: 'Carol\nこのメールは送信専用です。',
  registration: {
    subject: '【Carol】会員登録を完了してください',
    body: '{{name}}様、Carolにご登録いただきありがとうございます。\n\n下のリンクを開いてメールアドレスの認証を完了してください。リンクは24時間以内に1回だけ使用できます。\n\n{{link}}\n\nお心当たりがない場合は、このメールを破棄してください。',
  },
  alreadyRegistered: {
    subject: '【Carol】このメールアドレスはすでに登録されています',
    body: 'このメールアドレスで会員登録のお申し込みがありましたが、すでにCarolのアカウントがあります。\n\nログイン: {{loginLink}}\nパスワードをお忘れの場合はこちらから再設定できます: {{resetLink}}\n\nお心当たりがない場合は、このメールを破棄してください。',
  },
  passwordReset: {
    subject: '【Carol】パスワード再設定のご案内',
    body: 'パスワード再設定のお申し込みを受け付けました。\n\n下のリンクから新しいパスワードを設定してください。リンクは30分以内に1回だけ使用できます。\n\n{{link}}\n\nお心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。',
  },
};
