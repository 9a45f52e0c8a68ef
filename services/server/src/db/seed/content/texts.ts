/** Copy for shops: introductions, notices and closing days, written the way salons write them. */

export type NoticeType = 'news' | 'update' | 'coupon' | 'details';

export interface NoticeText {
  type: NoticeType;
  title: string;
  body: string;
}

/** {name} shop name, {station} nearest station, {area} neighbourhood. */
export const koIntroOpeners: readonly string[] = [
  '{station} 도보 3분 거리에 있는 {name}입니다.',
  '{area}의 조용한 골목에 자리한 헤어살롱, {name}입니다.',
  '{station} 인근, 햇살 좋은 2층의 {name}입니다.',
  '{area}에서 {years}년째 자리를 지켜 온 {name}입니다.',
  '{station} 근처에서 편안한 분위기로 찾아뵙는 {name}입니다.',
];

export const koIntroBodies: readonly string[] = [
  '손질이 쉬운 일상 스타일을 가장 중요하게 생각하며, 1:1 상담으로 모질과 얼굴형에 맞는 스타일을 찾아드립니다.',
  '레이어드컷과 빌드펌처럼 자연스러운 볼륨을 살리는 스타일에 강점이 있습니다.',
  '탈색 없이 연출하는 애쉬·베이지 계열 컬러를 잘하는 디자이너들이 함께합니다.',
  '남성 투블럭, 다운펌, 애즈펌 등 남성 스타일 전문 디자이너가 상주합니다.',
  '손상모 케어와 두피 클리닉에 집중해 건강한 모발을 함께 만들어 갑니다.',
  '시술 전 충분한 상담과 시술 후 홈케어 방법까지 꼼꼼하게 안내해 드립니다.',
];

export const koIntroClosers: readonly string[] = [
  '건물 내 주차 2시간 무료 지원됩니다.',
  '모든 시술에 저자극 제품을 사용합니다.',
  '전 좌석이 넓게 배치되어 있어 편안하게 시술받으실 수 있습니다.',
  '예약 고객 우선으로 운영되니 방문 전 예약 부탁드립니다.',
  '반려견 동반 방문도 환영합니다.',
  '스마트 미러로 시술 전 스타일을 미리 확인해 보세요.',
];

export const jaIntroOpeners: readonly string[] = [
  '{station}から徒歩3分、{name}です。',
  '{area}の路地裏にある小さなプライベートサロン、{name}です。',
  '{station}すぐ、明るい光が差し込む2階の{name}です。',
  '{area}で{years}年、地域の皆さまに支えられてきた{name}です。',
  '{station}から歩いてすぐ、落ち着いた空間の{name}です。',
];

export const jaIntroBodies: readonly string[] = [
  '丁寧なカウンセリングで、髪質や骨格に合わせた再現性の高いスタイルをご提案します。',
  'レイヤーカットやハッシュカットなど、動きのあるスタイルが得意なスタイリストが在籍しています。',
  'ブリーチなしでも透明感のあるイルミナカラー・グレージュが人気です。',
  'メンズカットやメンズパーマも得意です。お仕事帰りにもお気軽にどうぞ。',
  '髪質改善トリートメントとヘッドスパで、髪と頭皮をいたわる時間をお過ごしください。',
  'お客様一人ひとりとの時間を大切にするため、マンツーマンで施術いたします。',
];

export const jaIntroClosers: readonly string[] = [
  '全席個室風のゆったりとした空間です。',
  'お子様連れのお客様も歓迎いたします。',
  '駐車場はございませんので、近隣のコインパーキングをご利用ください。',
  'キャッシュレス決済に対応しています。',
  'スマートミラーで仕上がりイメージを事前に確認いただけます。',
  'ご予約優先制のため、事前のご予約をおすすめします。',
];

export const koNotices: Record<NoticeType, readonly NoticeText[]> = {
  news: [
    {
      type: 'news',
      title: '연말연시 영업 안내',
      body: '12월 31일은 18시까지 영업하며, 1월 1일은 휴무입니다. 새해에도 잘 부탁드립니다.',
    },
    {
      type: 'news',
      title: '새로운 디자이너가 합류했습니다',
      body: '컬러 전문 디자이너가 새롭게 합류했습니다. 첫 예약 시 상담을 넉넉히 진행해 드립니다.',
    },
    {
      type: 'news',
      title: '설 연휴 휴무 안내',
      body: '설 연휴 기간(2월 5일~7일)에는 휴무합니다. 연휴 전후 예약을 서둘러 주세요.',
    },
  ],
  update: [
    {
      type: 'update',
      title: '온라인 예약 시간 변경 안내',
      body: '이제 평일 마지막 예약은 19시까지 가능합니다. 펌·컬러는 17시 30분까지 예약해 주세요.',
    },
    {
      type: 'update',
      title: '일부 시술 가격 조정 안내',
      body: '제품 원가 상승으로 다음 달부터 일부 펌 메뉴 가격이 조정됩니다. 양해 부탁드립니다.',
    },
    {
      type: 'update',
      title: '주차 안내 변경',
      body: '건물 주차장 공사로 당분간 인근 공영주차장을 이용해 주세요. 주차권을 지원해 드립니다.',
    },
  ],
  coupon: [
    {
      type: 'coupon',
      title: '첫 방문 고객 20% 할인',
      body: '처음 방문하시는 고객님께 모든 시술 20% 할인 쿠폰을 드립니다. (클리닉 제외)',
    },
    {
      type: 'coupon',
      title: '재방문 시 영양 클리닉 무료',
      body: '3개월 이내 재방문하시면 영양 클리닉을 무료로 해 드립니다.',
    },
    {
      type: 'coupon',
      title: '생일 달 컬러 10% 할인',
      body: '생일이 있는 달에 방문하시면 컬러 시술을 10% 할인해 드립니다. 신분증을 보여 주세요.',
    },
  ],
  details: [
    {
      type: 'details',
      title: '매장 이용 안내',
      body: '예약 시간 10분 전까지 도착해 주세요. 15분 이상 늦으시면 시술이 어려울 수 있습니다.',
    },
    {
      type: 'details',
      title: '예약 취소 및 변경 안내',
      body: '예약 변경과 취소는 시술 하루 전까지 앱에서 가능합니다. 당일 취소는 매장으로 연락 주세요.',
    },
    {
      type: 'details',
      title: '오시는 길',
      body: '{station}에서 나와 직진 후 첫 번째 골목으로 들어오시면 왼쪽 건물 2층입니다.',
    },
  ],
};

export const jaNotices: Record<NoticeType, readonly NoticeText[]> = {
  news: [
    {
      type: 'news',
      title: '年末年始の営業について',
      body: '12月31日〜1月3日はお休みをいただきます。新年は1月4日10時から営業いたします。',
    },
    {
      type: 'news',
      title: '新しいスタイリストが入社しました',
      body: 'カラーを得意とするスタイリストが仲間に加わりました。ご指名お待ちしております。',
    },
    {
      type: 'news',
      title: '店内リニューアルのお知らせ',
      body: 'シャンプー台を新しくし、フルフラットで快適にお過ごしいただけるようになりました。',
    },
  ],
  update: [
    {
      type: 'update',
      title: '最終受付時間変更のお知らせ',
      body: '平日の最終受付を19時に変更しました。カラー・パーマは18時までにご来店ください。',
    },
    {
      type: 'update',
      title: 'メニュー料金改定のお知らせ',
      body: '薬剤価格の高騰により、来月より一部メニューの料金を改定いたします。',
    },
    {
      type: 'update',
      title: 'キャッシュレス決済を導入しました',
      body: '各種クレジットカード、交通系IC、QRコード決済がご利用いただけます。',
    },
  ],
  coupon: [
    {
      type: 'coupon',
      title: '【新規限定】全メニュー20%OFF',
      body: '初めてご来店のお客様は全メニュー20%OFFでご案内いたします。（店販品を除く）',
    },
    {
      type: 'coupon',
      title: 'ヘッドスパ無料クーポン',
      body: 'カラーまたはパーマのお客様に、10分ヘッドスパをサービスいたします。',
    },
    {
      type: 'coupon',
      title: 'お誕生月特典',
      body: 'お誕生月にご来店のお客様は、トリートメントを半額でご提供いたします。',
    },
  ],
  details: [
    {
      type: 'details',
      title: 'ご来店時のお願い',
      body: 'ご予約時間の5分前までにお越しください。15分以上遅れる場合はお電話ください。',
    },
    {
      type: 'details',
      title: 'キャンセルポリシー',
      body: '当日キャンセルの場合はお電話にてご連絡ください。前日まではアプリから変更できます。',
    },
    {
      type: 'details',
      title: 'アクセス',
      body: '{station}から徒歩3分。1階にカフェが入っているビルの2階です。',
    },
  ],
};

/** Closing days of early 2027 (the demo runs in late 2026): national holidays salons close for. */
export const koHolidays: readonly (readonly [string, string])[] = [
  ['2026-12-25', '크리스마스'],
  ['2027-01-01', '신정'],
  ['2027-02-05', '설날 연휴'],
  ['2027-02-06', '설날'],
  ['2027-02-07', '설날 연휴'],
  ['2027-03-01', '삼일절'],
];

export const jaHolidays: readonly (readonly [string, string])[] = [
  ['2026-12-31', '年末休業'],
  ['2027-01-01', 'お正月'],
  ['2027-01-02', 'お正月'],
  ['2027-01-03', 'お正月'],
  ['2027-02-11', '建国記念の日'],
  ['2027-03-21', '春分の日'],
];

/** One-off closures shops add themselves. */
export const koSpecialClosures: readonly string[] = ['내부 교육', '매장 워크숍', '인테리어 보수'];
export const jaSpecialClosures: readonly string[] = ['社員研修', '店内メンテナンス', '技術講習会'];

/** Short designer bios, {specialty} and {years} filled in. */
export const koDesignerIntros: readonly string[] = [
  '{specialty} 전문, {years}년 차 디자이너입니다. 손질이 쉬운 스타일을 제안해 드려요.',
  '얼굴형에 맞는 {specialty|을/를} 자신 있게 추천합니다.',
  '{years}년 동안 쌓은 경험으로 {specialty|을/를} 섬세하게 완성해 드립니다.',
  '편안한 상담이 먼저입니다. {specialty|이/가} 가장 자신 있어요.',
];

export const jaDesignerIntros: readonly string[] = [
  '{specialty}が得意です。美容師歴{years}年、再現性の高いスタイルをご提案します。',
  'お客様の「なりたい」を丁寧にお聞きします。{specialty}はお任せください。',
  '骨格と髪質に合わせた{specialty}が得意です。',
  '美容師歴{years}年。{specialty}で、毎日のスタイリングを楽にします。',
];

export const koSpecialties: readonly string[] = [
  '레이어드컷',
  '빌드펌',
  '허쉬컷',
  '애쉬 컬러',
  '남성 펌',
  '볼륨매직',
  '탈색 컬러',
  '두피 케어',
  '태슬컷',
  '히피펌',
];
export const jaSpecialties: readonly string[] = [
  '透明感カラー',
  'ショートボブ',
  'ハッシュカット',
  'メンズカット',
  '縮毛矯正',
  'デジタルパーマ',
  'ハイトーンカラー',
  '髪質改善',
  'レイヤーカット',
  'ヘッドスパ',
];
