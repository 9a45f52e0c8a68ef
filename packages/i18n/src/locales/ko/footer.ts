/** The footer: company information and links (spec section 1). */
export const footer = {
  companyName: '주식회사 캐롤',
  companyNameLabel: '상호',
  ceoLabel: '대표이사',
  ceo: '한서윤',
  addressLabel: '주소',
  address: '서울특별시 강남구 테헤란로 427, 12층',
  businessNumberLabel: '사업자등록번호',
  mailOrderLabel: '통신판매업신고',
  customerCenterKr: '고객센터(한국)',
  customerCenterJp: '고객센터(일본)',
  emailLabel: '이메일',
  hours: '평일 10:00~18:00 (점심 12:30~13:30, 주말·공휴일 휴무)',
  links: {
    label: '약관 및 문의',
    company: '회사 소개',
    terms: '이용약관',
    privacy: '개인정보처리방침',
    inquiry: '고객 문의',
    partnership: '광고·제휴 문의',
  },
  notice:
    '캐롤은 통신판매중개자로서 예약의 당사자가 아니며, 살롱이 제공하는 시술과 서비스에 대한 책임은 각 살롱에 있습니다.',
  copyright: '© {{year}} Carol Inc. All rights reserved.',
};
