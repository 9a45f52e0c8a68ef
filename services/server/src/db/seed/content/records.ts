/**
 * Texts of the demo salon records: the salon's visit memos, the designer's scalp
 * notes and the notices of the salons the demo members visit. Korean for kr salons, Japanese
 * for jp salons, never mixed (the seed's integration test checks it).
 */

import type { NoticeType } from './texts.js';

export interface RecordNoticeText {
  type: NoticeType;
  title: string;
  body: string;
}

export const koVisitMemos: readonly string[] = [
  '모발 끝이 많이 상해 있어 1cm 정리했어요. 집에서는 드라이 전에 에센스를 꼭 발라 주세요.',
  '뒷머리 무게감을 덜고 옆선은 자연스럽게 떨어지도록 레이어를 넣었습니다.',
  '뿌리 볼륨이 잘 살아났어요. 펌 후 48시간은 묶지 말고 풀어 두세요.',
  '지난번보다 톤을 반 단계 밝게 했어요. 컬러 전용 샴푸를 쓰시면 색이 오래 갑니다.',
  '정수리 쪽이 잘 눌리는 편이라 드라이할 때 반대 방향으로 말려 주세요.',
  '앞머리는 눈썹 아래로 살짝 내려오게 맞췄어요. 3~4주 뒤 앞머리만 다듬으러 오셔도 됩니다.',
  '클리닉을 함께 받으셔서 윤기가 많이 좋아졌어요. 다음 방문은 6~8주 뒤를 추천드려요.',
  '새치가 조금 늘어 뿌리 염색을 함께 진행했습니다. 자연스러운 브라운으로 맞췄어요.',
  '두피가 건조한 편이라 자극이 적은 약산성 제품으로 시술했어요.',
  '턱선에 맞춘 단발로 정리했어요. 아침에는 끝만 안쪽으로 말아 주시면 됩니다.',
  '곱슬이 강한 부분만 부분 매직으로 눌러 드렸어요. 다음엔 전체 매직도 상담해 보세요.',
  '가르마를 바꿔 보시길 원하셔서 6:4 가르마로 자리 잡게 커트했습니다.',
];

export const jaVisitMemos: readonly string[] = [
  '毛先のダメージが気になるので1cmカットしました。ドライ前にアウトバストリートメントを付けてください。',
  '後ろの重さを取り、サイドは自然に落ちるようにレイヤーを入れました。',
  '根元のボリュームがきれいに出ました。パーマ後2日間は結ばずにお過ごしください。',
  '前回より半トーン明るくしました。カラー用シャンプーを使うと色持ちが良くなります。',
  'つむじ周りがぺたんとしやすいので、乾かすときは根元を逆方向から当ててください。',
  '前髪は眉にかかる長さで整えました。3〜4週間後に前髪カットだけでもどうぞ。',
  'トリートメントも一緒に行い、ツヤがかなり戻りました。次回は6〜8週間後がおすすめです。',
  '白髪が少し増えてきたのでリタッチも行いました。柔らかいブラウンに合わせています。',
  '頭皮が乾燥気味なので、刺激の少ない弱酸性の薬剤で施術しました。',
  'あごラインのボブに整えました。朝は毛先だけ内側に入れれば決まります。',
  'くせの強い部分だけ縮毛矯正をかけました。次回は全体の矯正もご相談ください。',
  '分け目を変えたいとのことで、6:4で自然に分かれるようにカットしました。',
];

/** The designer's note on a scalp diagnosis; `{trend}` is one of the trend phrases below. */
export const koScalpMemos: readonly string[] = [
  '{trend} 자기 전에 두피까지 완전히 말려 주세요.',
  '{trend} 두피 스케일링을 한 달에 한 번 받으시길 권해 드려요.',
  '{trend} 뜨거운 물보다 미지근한 물로 헹궈 주세요.',
  '{trend} 수면과 식습관도 두피 상태에 영향을 줍니다.',
];

export const jaScalpMemos: readonly string[] = [
  '{trend}寝る前に頭皮までしっかり乾かしてください。',
  '{trend}月に一度のヘッドスパをおすすめします。',
  '{trend}熱いお湯ではなくぬるま湯ですすいでください。',
  '{trend}睡眠や食生活も頭皮の状態に影響します。',
];

export const scalpTrends = {
  ko: {
    oily: '피지 분비가 정상보다 많습니다.',
    dry: '수분이 부족하고 각질이 보입니다.',
    sensitive: '두피가 붉고 예민한 상태입니다.',
    good: '지난달보다 전반적으로 좋아졌어요.',
    steady: '큰 변화 없이 안정적입니다.',
  },
  ja: {
    oily: '皮脂の分泌が基準より多めです。',
    dry: '水分が不足し、角質が見られます。',
    sensitive: '頭皮に赤みがあり、敏感な状態です。',
    good: '先月より全体的に良くなっています。',
    steady: '大きな変化はなく安定しています。',
  },
} as const;

/**
 * Notices of a salon the demo members visit, on top of the salon's public ones: every type,
 * some for linked customers only, one coupon still valid and one expired.
 */
export interface RecordNotices {
  news: RecordNoticeText;
  update: RecordNoticeText;
  validCoupon: RecordNoticeText;
  expiredCoupon: RecordNoticeText;
  details: RecordNoticeText;
}

export const koRecordNotices: RecordNotices = {
  news: {
    type: 'news',
    title: '단골 고객님께: 스마트 미러 스타일 기록 시작',
    body: '시술 전후 사진과 영상을 Carol 앱에서 바로 보실 수 있어요. 연동하신 고객님께만 보입니다.',
  },
  update: {
    type: 'update',
    title: '두피 진단 기기 교체 안내',
    body: '새 두피 카메라로 밀도·굵기·피지·각질을 더 정확하게 측정합니다. 진단은 시술 전 10분이면 충분해요.',
  },
  validCoupon: {
    type: 'coupon',
    title: '연동 고객 전용 클리닉 20% 할인',
    body: '예약 시 쿠폰을 보여 주시면 모든 클리닉 메뉴를 20% 할인해 드립니다. 1인 1회.',
  },
  expiredCoupon: {
    type: 'coupon',
    title: '여름 펌 10% 할인 (종료)',
    body: '여름 시즌 펌 할인 쿠폰입니다. 기간이 지나 사용하실 수 없어요.',
  },
  details: {
    type: 'details',
    title: '연동 고객님 예약 변경 안내',
    body: '연동 고객님은 방문 하루 전까지 전화 없이 앱에서 예약을 바꾸실 수 있어요.',
  },
};

export const jaRecordNotices: RecordNotices = {
  news: {
    type: 'news',
    title: '常連のお客さまへ：スマートミラーのスタイル記録を開始',
    body: '施術前後の写真や動画をCarolアプリですぐにご覧いただけます。連携済みのお客さまだけに表示されます。',
  },
  update: {
    type: 'update',
    title: '頭皮診断機器を新しくしました',
    body: '新しいスコープで密度・太さ・皮脂・角質をより正確に測定します。診断は施術前の10分ほどです。',
  },
  validCoupon: {
    type: 'coupon',
    title: '連携のお客さま限定 トリートメント20%オフ',
    body: 'ご予約時にクーポンをご提示いただくと、トリートメントメニューが20%オフになります。お一人さま1回限り。',
  },
  expiredCoupon: {
    type: 'coupon',
    title: '夏のパーマ10%オフ（終了）',
    body: '夏季限定のパーマ割引クーポンです。期間が終了したためご利用いただけません。',
  },
  details: {
    type: 'details',
    title: '連携のお客さまの予約変更について',
    body: '連携済みのお客さまは、前日までならお電話なしでアプリから予約を変更できます。',
  },
};
