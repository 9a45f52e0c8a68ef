/** The waitlist: "tell me if a time opens", its notice by mail and SMS, the member's list (ADR 058). */
export const waitlist = {
  member: 'お客',
  mail: {
    subject: '[Carol] 空き通知：{{date}} {{shop}}',
    body: '{{name}}様、お待ちいただいていた日に空きが出ました。\n\nサロン：{{shop}}\n日付：{{date}}\n空いている時間：{{times}}\n\n今すぐ予約：{{link}}\n\n先着順です。通知の後でも、先に予約された方がいれば埋まることがあります。空き通知は日付が過ぎると自動で終了します。',
  },
  sms: '[Carol] 空き通知 {{date}} {{shop}} {{times}}。先着順です {{link}}',
  offer: {
    title: '空き通知を受け取る',
    description:
      '{{date}}は予約できる時間がありません。キャンセルで空きが出たら、メールとSMSですぐにお知らせします。先着順です。',
    designer: 'デザイナー',
    anyDesigner: '指名なし',
    onlyDesigner: '{{name}}のみ',
    window: '希望の時間帯',
    anyTime: '終日',
    between: '時間帯を指定',
    from: 'から',
    to: 'まで',
    submit: '空き通知を申し込む',
    joined: '申し込みました。{{date}}に空きが出たらお知らせします。',
    manage: '空き通知を見る',
  },
  list: {
    title: '空き通知',
    count: '{{count}} / {{limit}}件',
    anyTime: '終日',
    anyDesigner: '指名なし',
    statusWaiting: '待機中',
    statusNotified: '通知済み',
    statusBooked: '予約済み',
    book: '予約する',
    leave: '通知をやめる',
    left: '空き通知をやめました。',
  },
};
