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
  emailChange: {
    subject: '【Carol】 新しいメールアドレスを確認してください',
    body: 'Carolアカウントのメールアドレスをこのアドレスに変更するリクエストを受け付けました。\n\n下のリンクを開いて変更を完了してください。Carolにログインした状態で、24時間以内に1回だけ使えます。\n\n{{link}}\n\nお心当たりがない場合は、このメールを無視してください。',
  },
  emailChangeTaken: {
    subject: '【Carol】 このメールアドレスはすでに使用されています',
    body: 'Carolアカウントのメールアドレスをこのアドレスに変更しようとした方がいますが、このアドレスはすでに別のCarolアカウントで使用されています。\n\nお心当たりがない場合は、このメールを無視してください。',
  },
  emailChangeRequested: {
    subject: '【Carol】 メールアドレスの変更がリクエストされました',
    body: 'Carolアカウントのメールアドレスを{{email}}に変更するリクエストがありました。新しいアドレスに送ったメールのリンクを開くと変更が完了します。\n\nお心当たりがない場合は、すぐにパスワードを再設定してください: {{resetLink}}',
  },
  emailChanged: {
    subject: '【Carol】 メールアドレスが変更されました',
    body: 'Carolアカウントのメールアドレスが{{email}}に変更されました。今後このアドレスではログインできません。\n\nお心当たりがない場合は、カスタマーセンターにお問い合わせください。',
  },
  bookingConfirmed: {
    subject: '【Carol】 {{shop}}のご予約が確定しました（{{date}} {{time}}）',
    body: '{{name}}様、ご予約が確定しました。\n\n予約番号：{{number}}\nサロン：{{shop}}\n住所：{{address}}\n日時：{{date}} {{time}}（{{duration}}分）\n担当：{{designer}}\nメニュー：{{menus}}\nお支払い金額：{{total}}（店頭でお支払い）\n\n添付のカレンダーファイル（.ics）を開くと予定に追加できます。\n予約の確認・キャンセル：{{link}}\n予約の開始時刻を過ぎるとキャンセルできません。',
  },
  bookingRescheduled: {
    subject: '【Carol】{{shop}}のご予約を{{date}} {{time}}に変更しました',
    body: '{{name}}様、ご予約を変更しました。\n\n予約番号：{{number}}（変更なし）\nサロン：{{shop}}\n住所：{{address}}\n変更前：{{previous}}\n変更後：{{date}} {{time}}（{{duration}}分）\n担当：{{designer}}\nメニュー：{{menus}}\nお支払い：{{total}}（サロンでお支払い）\n\n添付のカレンダーファイル（.ics）を開くと、予定が新しい日時に更新されます。\n予約の確認・変更・キャンセル：{{link}}',
  },
  bookingRescheduledByShop: {
    subject: '【Carol】{{shop}}がご予約を{{date}} {{time}}に変更しました',
    body: '{{name}}様、サロンがご予約の日時を変更しました。\n\n予約番号：{{number}}（変更なし）\nサロン：{{shop}}\n変更前：{{previous}}\n変更後：{{date}} {{time}}（{{duration}}分）\n担当：{{designer}}\nメニュー：{{menus}}\n\n添付のカレンダーファイル（.ics）を開くと、予定が新しい日時に更新されます。ご都合が合わない場合はサロン（{{phone}}）にご連絡いただくか、キャンセルしてください：{{link}}',
  },
  bookingCancelledByShop: {
    subject: '【Carol】 {{shop}}のご予約がサロンによりキャンセルされました',
    body: '{{name}}様、申し訳ございません。以下のご予約がサロンによりキャンセルされました。\n\n予約番号：{{number}}\nサロン：{{shop}}\n日時：{{date}} {{time}}\n担当：{{designer}}\nキャンセル理由：{{reason}}\n\n別の日時でご予約いただくか、サロン（{{phone}}）にお問い合わせください。\n予約履歴：{{link}}',
  },
  salonBookingRescheduled: {
    subject: '【Carol】予約変更のお知らせ：{{customer}}様 {{date}} {{time}}（予約番号 {{number}}）',
    body: '{{shop}}のご予約が、お客様によりCarolで変更されました。\n\n予約番号：{{number}}（変更なし）\nお客様：{{customer}}様\n変更前：{{previous}}（{{previousDesigner}}）\n変更後：{{date}} {{time}}（{{duration}}分）\n担当：{{designer}}\nメニュー：{{menus}}\n\n変更前の日時は再び予約を受け付けられます。予約一覧はサロンのコンソールでご確認ください。\nこのお知らせはコンソールの通知設定で停止できます。',
  },
  salonBookingCancelled: {
    subject:
      '【Carol】予約キャンセルのお知らせ：{{customer}}様 {{date}} {{time}}（予約番号 {{number}}）',
    body: '{{shop}}のご予約が、お客様によりCarolでキャンセルされました。\n\n予約番号：{{number}}\nお客様：{{customer}}様\n日時：{{date}} {{time}}（{{duration}}分）\n担当：{{designer}}\nメニュー：{{menus}}\n\nこの日時は再び予約を受け付けられます。\nこのお知らせはコンソールの通知設定で停止できます。',
  },
  bookingCancelReasonNone: 'サロンからの理由の記載はありません。',
  bookingCalendarTitle: '{{shop}}のご予約（{{designer}}）',
};
