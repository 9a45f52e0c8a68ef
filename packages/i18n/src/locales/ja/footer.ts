import type { footer as ko } from '../ko/footer.js';

export const footer: typeof ko = {
  companyName: 'Carol株式会社',
  companyNameLabel: '商号',
  ceoLabel: '代表取締役',
  ceo: 'ハン・ソユン',
  addressLabel: '所在地',
  address: '大韓民国 ソウル特別市 江南区 テヘラン路427 12階',
  businessNumberLabel: '事業者登録番号',
  mailOrderLabel: '通信販売業申告番号',
  customerCenterKr: 'カスタマーセンター（韓国）',
  customerCenterJp: 'カスタマーセンター（日本）',
  emailLabel: 'メール',
  hours: '平日 10:00〜18:00（昼休み 12:30〜13:30、土日祝休み）',
  links: {
    label: '規約・お問い合わせ',
    company: '会社概要',
    terms: '利用規約',
    privacy: 'プライバシーポリシー',
    inquiry: 'お問い合わせ',
    partnership: '広告・提携のご相談',
  },
  notice:
    'Carolは予約の仲介者であり、予約の当事者ではありません。施術およびサービスの内容については各サロンが責任を負います。',
  copyright: '© {{year}} Carol Inc. All rights reserved.',
};
