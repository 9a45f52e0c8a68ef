/** Home banners. Artwork carries no text: the app renders title and subtitle over it. */

export interface BannerDef {
  position: 'main' | 'middle';
  server: 'kr' | 'jp';
  /** Artwork theme, see images/banner.ts. */
  art: 'color' | 'style' | 'simulation' | 'booking' | 'map' | 'scalp' | 'event';
  palette: readonly [string, string, string];
  linkUrl: string;
  text: Record<'ko' | 'en' | 'ja', readonly [string, string]>;
}

export const bannerDefs: readonly BannerDef[] = [
  {
    position: 'main',
    server: 'kr',
    art: 'color',
    palette: ['#f6d5cf', '#e9a99f', '#8c5b57'],
    linkUrl: '/stylebook/style/w/-1/0/0',
    text: {
      ko: [
        '올겨울 가장 많이 찾은 컬러',
        '핑크브라운부터 애쉬브라운까지, 지금 인기 컬러를 만나 보세요',
      ],
      en: [
        "This winter's most-wanted colors",
        'From pink brown to ash brown: see what everyone is booking',
      ],
      ja: [
        'この冬いちばん人気のカラー',
        'ピンクブラウンからアッシュブラウンまで、今選ばれている色をチェック',
      ],
    },
  },
  {
    position: 'main',
    server: 'kr',
    art: 'simulation',
    palette: ['#dfe7f7', '#a9bde8', '#4e5a69'],
    linkUrl: '/simulation',
    text: {
      ko: ['가상 헤어 체험', '내 사진으로 컬러와 스타일을 미리 입어 보세요'],
      en: ['Try before you cut', 'Preview colors and styles on your own photo'],
      ja: ['バーチャルヘア体験', '自分の写真でカラーとスタイルを試してみよう'],
    },
  },
  {
    position: 'main',
    server: 'kr',
    art: 'style',
    palette: ['#efe6d8', '#d9c2a0', '#6e5c50'],
    linkUrl: '/stylebook/style/w/-1/0/0',
    text: {
      ko: ['허쉬컷 vs 레이어드컷', '요즘 가장 핫한 중단발 스타일 총정리'],
      en: ['Hush cut or layered cut?', "The season's favorite medium-length styles"],
      ja: ['ハッシュカット vs レイヤーカット', '今いちばん人気のミディアムスタイル'],
    },
  },
  {
    position: 'main',
    server: 'kr',
    art: 'booking',
    palette: ['#e3f0ea', '#a8d2bf', '#3f6b5a'],
    linkUrl: '/find/h',
    text: {
      ko: ['앱으로 간편하게 예약', '디자이너와 시간을 고르고 바로 예약하세요'],
      en: ['Book in a few taps', 'Pick a designer and a time, and you are booked'],
      ja: ['アプリでかんたん予約', 'スタイリストと時間を選んですぐに予約'],
    },
  },
  {
    position: 'middle',
    server: 'kr',
    art: 'map',
    palette: ['#fff1d6', '#f5cf86', '#9a5d3a'],
    linkUrl: '/find/map',
    text: {
      ko: ['내 주변 헤어살롱 찾기', '지도에서 가까운 살롱을 확인하세요'],
      en: ['Salons near you', 'Find the closest salons on the map'],
      ja: ['近くのサロンを探す', '地図で近くのサロンをチェック'],
    },
  },
  {
    position: 'middle',
    server: 'kr',
    art: 'scalp',
    palette: ['#e6f3f5', '#a9d7de', '#2f6f7a'],
    linkUrl: '/mypage/historyscalp',
    text: {
      ko: ['스마트 살롱 두피 진단', '스마트 미러가 있는 살롱에서 두피 상태를 확인해 보세요'],
      en: ['Scalp check at smart salons', 'Get your scalp analysed at a salon with a smart mirror'],
      ja: ['スマートサロンで頭皮診断', 'スマートミラー導入サロンで頭皮の状態をチェック'],
    },
  },
  {
    position: 'middle',
    server: 'kr',
    art: 'event',
    palette: ['#f3e6f7', '#d3b5e3', '#5b4563'],
    linkUrl: '/find/h',
    text: {
      ko: ['첫 예약 20% 할인', '지금 참여 중인 살롱을 확인하세요'],
      en: ['20% off your first booking', 'See which salons are taking part'],
      ja: ['初回予約20%OFF', '参加中のサロンをチェック'],
    },
  },
  {
    position: 'main',
    server: 'jp',
    art: 'color',
    palette: ['#ece4f2', '#c9b6da', '#85778f'],
    linkUrl: '/stylebook/style/w/-1/0/0',
    text: {
      ja: ['透明感カラー特集', 'ラベンダーアッシュ、グレージュ、ミルクティーベージュ'],
      en: ['Sheer colors', 'Lavender ash, greige and milk tea beige'],
      ko: ['투명감 컬러 특집', '라벤더애쉬, 그레이지, 밀크티베이지'],
    },
  },
  {
    position: 'main',
    server: 'jp',
    art: 'style',
    palette: ['#f7e3da', '#e7b9a6', '#9a5d3a'],
    linkUrl: '/stylebook/style/w/-1/0/0',
    text: {
      ja: ['大人のショートボブ', '小顔見えする切りっぱなしボブをまとめてチェック'],
      en: ['Grown-up short bobs', 'Blunt bobs that frame the face'],
      ko: ['어른스러운 숏 보브', '얼굴이 작아 보이는 태슬컷 모음'],
    },
  },
  {
    position: 'main',
    server: 'jp',
    art: 'simulation',
    palette: ['#e2edf7', '#aecbe6', '#3c5a78'],
    linkUrl: '/simulation',
    text: {
      ja: ['バーチャルヘア体験', '自分の写真で新しいスタイルを試着'],
      en: ['Virtual try-on', 'Try new styles on your own photo'],
      ko: ['가상 헤어 체험', '내 사진으로 새로운 스타일을 입어 보세요'],
    },
  },
  {
    position: 'main',
    server: 'jp',
    art: 'booking',
    palette: ['#fbeedd', '#f1c98f', '#8a5a2e'],
    linkUrl: '/find/h',
    text: {
      ja: ['24時間ネット予約OK', '空き状況を見てそのまま予約'],
      en: ['Book online, any time', 'See open slots and book on the spot'],
      ko: ['24시간 온라인 예약', '빈 시간을 보고 바로 예약하세요'],
    },
  },
  {
    position: 'middle',
    server: 'jp',
    art: 'map',
    palette: ['#e5f2e7', '#b2d8b9', '#3e6b48'],
    linkUrl: '/find/map',
    text: {
      ja: ['近くのサロンを探す', '駅近・今日空きありのサロンも'],
      en: ['Salons near you', 'Close to the station, open today'],
      ko: ['내 주변 살롱 찾기', '역 근처, 오늘 예약 가능한 살롱까지'],
    },
  },
  {
    position: 'middle',
    server: 'jp',
    art: 'scalp',
    palette: ['#e6f3f5', '#a9d7de', '#2f6f7a'],
    linkUrl: '/mypage/historyscalp',
    text: {
      ja: ['ヘッドスパ特集', '頭皮から整える、ご褒美ケア'],
      en: ['Head spa picks', 'Treat your scalp this season'],
      ko: ['헤드스파 특집', '두피부터 관리하는 특별한 케어'],
    },
  },
  {
    position: 'middle',
    server: 'jp',
    art: 'event',
    palette: ['#fde7ea', '#f4b8c1', '#8c4b57'],
    linkUrl: '/find/h',
    text: {
      ja: ['新規限定クーポン', '初回ご来店で全メニュー20%OFF'],
      en: ['First-visit coupon', '20% off every menu on your first visit'],
      ko: ['신규 한정 쿠폰', '첫 방문 시 전 메뉴 20% 할인'],
    },
  },
];
