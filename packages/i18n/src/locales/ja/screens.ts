import type { screens as ko } from '../ko/screens.js';

export const screens: typeof ko = {
  home: { title: 'ホーム' },
  login: {
    title: 'ログイン',
    heading: 'Carolへようこそ',
    description: 'メールアドレス、電話番号、GoogleまたはAppleアカウントでログインする画面です。',
  },
  registerUser: {
    title: '会員登録',
    heading: 'Carolの会員登録',
    description: 'メールアドレスまたは外部アカウントで登録し、規約に同意する画面です。',
  },
  registerUserByEmail: {
    title: 'メールで登録',
    heading: 'メールアドレスで登録',
    description: '{{email}} で登録情報を入力し、確認メールを受け取る画面です。',
  },
  registerUserAfterEmail: {
    title: 'メール認証',
    heading: 'メール認証の確認',
    description: '確認メールのリンクから会員登録を完了する画面です。',
  },
  phoneLogin: {
    title: '電話番号でログイン',
    heading: '電話番号でログイン',
    description:
      '携帯電話に届いた認証コードで簡単にログインする画面です。2024年より前にスマートミラーで登録した会員の方がご利用いただけます。',
  },
  findPassword: {
    title: 'パスワードをお忘れの方',
    heading: 'パスワードをお忘れですか？',
    description: '登録したメールアドレスにパスワード再設定メールを送る画面です。',
  },
  resetPassword: {
    title: 'パスワード再設定',
    heading: '新しいパスワードの設定',
    description: '{{email}} のアカウントに新しいパスワードを設定する画面です。',
  },
  findPasswordAfterEmail: {
    title: 'パスワード再設定',
    heading: 'メールのリンクを確認',
    description: '再設定メールのリンクを確認し、新しいパスワードを入力する画面です。',
  },
  findPasswordAfter: {
    title: 'メール送信完了',
    heading: '再設定メールを送信しました',
    description:
      '受信トレイのパスワード再設定リンクを開いてください。見つからない場合は迷惑メールフォルダもご確認ください。',
  },
  loginAction: {
    title: 'ログイン処理中',
    heading: 'ログインしています',
    description: '外部アカウントでのログイン結果を確認し、元の画面に戻ります。',
  },
  signUpAgreement: {
    title: '規約への同意',
  },
  signUpWelcome: {
    title: '登録完了',
  },
  stylebookStyle: {
    title: 'スタイルブック',
    heading: 'ヘアカタログ',
    description:
      '性別・長さ・スタイル別にまとめたヘアカタログがここに表示されます。気に入ったスタイルはお気に入りに保存できます。',
    women: 'レディース',
    men: 'メンズ',
    genderLabel: '性別',
    lengthLabel: '長さ',
    all: 'すべて',
    shopLink: 'このスタイルが得意なサロン',
  },
  stylebookShop: {
    title: 'スタイル別サロン',
    heading: 'このスタイルが得意なサロン',
    description: '選んだスタイルを施術できるサロンの一覧がここに表示されます。',
  },
  simulation: {
    title: 'AI体験',
  },
  reminderLink: {
    title: '予約のお知らせ',
  },
  notFound: {
    title: 'ページが見つかりません',
    heading: 'ページが見つかりませんでした',
    description:
      'アドレスが変更されたか、ページが削除された可能性があります。入力したアドレスをもう一度ご確認ください。',
  },
  findList: {
    title: 'サロン検索',
    heading: 'サロン一覧',
    description:
      'キーワードやエリアで見つけたサロンが、口コミ数・評価・距離などの順でここに表示されます。',
    searchPlaceholder: 'サロン・スタイリスト・エリアで検索',
    listView: 'リスト',
    mapView: '地図',
    byLocation: 'エリアから探す',
    byName: '名前から探す',
  },
  salonInfo: {
    title: 'サロン情報',
    heading: 'サロン詳細',
    description: '営業時間、定休日、住所、紹介文、メニューなどのサロン情報がここに表示されます。',
    tabs: {
      home: 'ホーム',
      stylebook: 'スタイル',
      menu: 'メニュー',
      notice: 'お知らせ',
    },
    images: '写真をすべて見る',
    book: '予約する',
  },
  salonStylebook: {
    title: 'サロンのスタイル',
    heading: 'このサロンのスタイル',
    description: 'サロンが登録したスタイル写真が、性別・長さ別にここに表示されます。',
  },
  salonMenu: {
    title: 'メニュー',
    heading: '施術メニューと料金',
    description: 'カット、パーマ、カラーなどの施術メニューと基本料金がここに表示されます。',
  },
  salonNotice: {
    title: 'お知らせ',
    heading: 'サロンからのお知らせ',
    description: 'サロンが投稿したニュース、更新情報、クーポンがここに表示されます。',
  },
  salonImages: {
    title: 'サロンの写真',
    heading: 'サロンの写真',
    description: '店内や施術の写真を大きく表示してめくれる画面です。',
  },
  designerInfo: {
    title: 'スタイリスト',
    heading: 'スタイリスト紹介',
    description: 'スタイリストの紹介、得意なスタイル、所属サロンがここに表示されます。',
  },
  findLocation: {
    title: 'エリアから探す',
    heading: 'エリアを選択',
    description:
      '都道府県と市区町村を選んで、そのエリアのサロンを探す画面です。最近の検索は5件まで保存されます。',
  },
  findName: {
    title: '名前から探す',
    heading: 'サロン・スタイリスト検索',
    description:
      'サロン名やスタイリスト名で検索する画面です。最近の検索は5件まで保存され、まとめて削除できます。',
  },
  findMap: {
    title: '地図',
    heading: '地図から探す',
    description:
      '地図で周辺のサロンを確認し、地図を動かしたあと「このエリアで再検索」で探し直せる画面です。',
  },
  mypage: {
    title: 'マイページ',
  },
  myPhotoIndex: {
    title: 'スタイリング履歴',
    heading: 'サロン別のスタイリング履歴',
    description: 'サロンごとの最終来店日とサロンからのお知らせがここに表示されます。',
  },
  visitShop: {
    title: '来店したサロン',
    heading: '来店したサロン',
    description: 'これまでに来店したサロンの一覧がここに表示されます。',
  },
  myFavorite: {
    title: 'お気に入り',
    heading: 'お気に入り',
    description: '保存したスタイル、スタイリスト、サロンがここにまとまります。',
    tabs: {
      style: 'スタイル',
      designer: 'スタイリスト',
      shop: 'サロン',
    },
  },
  historyScalp: {
    title: '頭皮診断の履歴',
    heading: '頭皮診断の履歴',
    description: 'サロンで受けた頭皮診断の結果が日付順にここに表示されます。',
  },
  mirror: { title: 'スマートミラー' },
  qrScanner: {
    title: 'QRコード読み取り',
    heading: 'QRコードで連携',
    description:
      'サロンのスマートミラーに表示されたQRコードをカメラで読み取り、ログインやデータ連携を行う画面です。',
  },
  myPhoto: {
    title: 'スタイリング写真',
    heading: 'スタイリング写真',
    description: 'サロンで撮影した写真や動画、あなたとサロンのメモがここに表示されます。',
    pickDate: '日付を選ぶ',
  },
  myPhotoDatepicker: {
    title: '日付を選択',
    heading: '期間を選択',
    description: '開始日と終了日を両方選ぶと、その期間の記録だけを表示できます。',
  },
  myGallery: {
    title: 'ギャラリー',
  },
  setting: {
    title: '設定',
    heading: 'アカウント設定',
    description: 'お名前、メールアドレス、パスワード、電話番号を管理できます。',
    usageStats: {
      title: '利用状況の統計',
      label: '匿名の利用統計を送信する',
      description:
        '表示した画面と予約の進み具合だけを送信します。氏名・電話番号・メールアドレスは送信しません。この設定はお使いのブラウザに保存されます。',
    },
    items: {
      changeName: '名前の変更',
      changeEmail: 'メールアドレスの変更',
      createPassword: 'パスワードの作成',
      changePassword: 'パスワードの変更',
      createTel: '電話番号の登録',
      changeTel: '電話番号の変更',
      deleteAccount: '退会',
    },
  },
  changeName: {
    title: '名前の変更',
    heading: '名前の変更',
    description: '姓と名を変更する画面です。',
  },
  changeEmail: {
    title: 'メールアドレスの変更',
    heading: 'メールアドレスの変更',
    description: '新しいメールアドレスを入力すると、確認メールをお送りします。',
  },
  changeEmailSend: {
    title: '確認メール送信',
    heading: '確認メールを送信しました',
    description: '新しいアドレスに届いたメールのリンクを開くと、変更が完了します。',
  },
  changeEmailSendAfter: {
    title: 'メールアドレス変更完了',
    heading: 'メールアドレス変更の確認',
    description: '確認メールのリンクを確認し、メールアドレスの変更を完了する画面です。',
  },
  createPassword: {
    title: 'パスワードの作成',
    heading: 'パスワードの作成',
    description:
      '外部アカウントで登録した会員の方が、メールログイン用のパスワードを作成する画面です。',
  },
  changePassword: {
    title: 'パスワードの変更',
    heading: 'パスワードの変更',
    description:
      '英大文字・小文字、数字、記号(- _ !)を含む8〜12文字の新しいパスワードに変更する画面です。',
  },
  changePasswordAfter: {
    title: 'パスワード変更完了',
    heading: 'パスワードを変更しました',
    description: 'セキュリティのため、新しいパスワードで再度ログインしてください。',
  },
  createTel: {
    title: '電話番号の登録',
    heading: '電話番号の登録',
    description: '予約、QRログイン、データ連携に必要な電話番号を認証して登録する画面です。',
  },
  changeTel: {
    title: '電話番号の変更',
    heading: '電話番号の変更',
    description: '新しい電話番号に届いた認証コードで変更する画面です。',
  },
  deleteAccount: {
    title: '退会',
    heading: '退会手続き',
    description: '退会理由の選択、注意事項への同意、確認フレーズの入力を行って退会する画面です。',
  },
  reservationHistory: {
    title: '予約履歴',
    heading: '予約履歴',
    description:
      '過去2年間の予約が、予約済み・キャンセル済み・来店済みに分けてここに表示されます。',
    tabs: {
      done: '予約済み',
      cancel: 'キャンセル済み',
      visit: '来店済み',
    },
  },
  reservationDetail: {
    title: '予約詳細',
    heading: '予約詳細',
    description:
      '予約番号、日時、メニュー、スタイリスト、合計金額とキャンセルボタンがここに表示されます。',
  },
  reservationChange: {
    title: '予約変更',
    heading: '予約日時の変更',
    description:
      '同じメニューで新しい日付・スタイリスト・時間を選び、変更内容を確認して確定します。',
  },
  reservationFirst: {
    title: '日時の選択',
    heading: 'ご来店日時をお選びください',
    description: 'サロンの定休日を除いた日付と、予約できる時間を選ぶステップです。',
  },
  reservationSecond: {
    title: 'スタイリスト・メニュー選択',
    heading: 'スタイリストとメニューをお選びください',
    description: 'スタイリストと施術メニューを選ぶと、合計金額の目安が表示されるステップです。',
  },
  reservationCheck: {
    title: '予約内容の確認',
    heading: '予約内容をご確認ください',
    description:
      '予約者のお名前、電話番号、ご要望を入力し、必須の同意をして予約を完了するステップです。',
  },
  reservationSteps: {
    label: '予約ステップ',
    first: '日時',
    second: 'スタイリスト・メニュー',
    check: '確認',
  },
  company: { title: '会社概要' },
  terms: { title: '利用規約' },
  privacy: { title: 'プライバシーポリシー' },
  inquiry: { title: 'お問い合わせ' },
  partnership: { title: '広告・提携のご相談' },
};
