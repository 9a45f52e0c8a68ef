import type { reminders as ko } from '../ko/reminders.js';

export const reminders: typeof ko = {
  mail: {
    subject: '【Carol】 ご予約のお知らせ：{{date}} {{time}} {{shop}}',
    body: '{{name}}様、ご予約のお知らせです。\n\nサロン：{{shop}}\n日時：{{date}} {{time}}\nスタイリスト：{{designer}}\nメニュー：{{menus}}\n予約番号：{{number}}\n\n予約を見る：{{viewLink}}\n予約をキャンセル：{{cancelLink}}\n\nリンクはご予約の開始時刻まで使えます。お知らせはマイページの設定で止められます。',
  },
  sms: '【Carol】ご予約のお知らせ {{date}} {{time}} {{shop}}。確認 {{viewLink}} キャンセル {{cancelLink}}',
  link: {
    title: 'ご予約の確認',
    cancelTitle: 'ご予約のキャンセル',
    loading: 'ご予約を読み込んでいます…',
    number: '予約番号',
    shop: 'サロン',
    when: '日時',
    designer: 'スタイリスト',
    menus: 'メニュー',
    status: '状態',
    statusReserved: '予約中',
    statusCancelled: 'キャンセル済み',
    statusVisited: '来店済み',
    cancelButton: 'この予約をキャンセルする',
    confirmQuestion: '本当にこの予約をキャンセルしますか？元に戻せません。',
    confirmYes: 'はい、キャンセルします',
    confirmNo: '戻る',
    cancelled: 'ご予約をキャンセルしました。',
    cannotCancel: 'このご予約はもうキャンセルできません。',
    openApp: 'マイページで見る',
  },
  settings: {
    title: '予約のお知らせ',
    description:
      'ご予約の前に、サロンが決めた時刻（標準は24時間前と2時間前）にお知らせします。21時から8時の間は送りません。',
    email: 'メールで受け取る',
    sms: 'SMSで受け取る',
    saved: '保存しました。',
  },
};
