/**
 * Link previews and search results (ADR 028): the server writes the salon, designer and style
 * pages' head from these, and the web app sets each screen's meta description from `pages`.
 */
export const seo = {
  siteName: 'Carol',
  locale: 'ko_KR',
  salon: {
    title: '{{name}} · {{area}} 헤어살롱',
    description:
      '{{area}}의 헤어살롱 {{name}}. 메뉴와 가격, 스타일 사진을 보고 캐롤에서 바로 예약하세요.',
    rated: '평점 {{rating}} · 리뷰 {{count}}개.',
  },
  designer: {
    title: '{{name}} · {{salon}}',
    description: '{{salon}}의 디자이너 {{name}}. 대표 스타일을 보고 캐롤에서 예약하세요.',
  },
  style: {
    title: '{{style}} 헤어스타일',
    description:
      '{{style}} 스타일 사진을 모아 보고, 이 스타일을 잘하는 살롱을 캐롤에서 찾아보세요.',
  },
  pages: {
    default: '캐롤 — 나만의 스마트 AI 뷰티 솔루션. 살롱 찾기, 스타일북, 헤어 가상체험과 예약.',
    home: '캐롤 — 나만의 스마트 AI 뷰티 솔루션. 살롱 찾기, 스타일북, 헤어 가상체험과 예약.',
    findList: '내 주변 헤어살롱을 평점, 리뷰, 거리, 가격으로 비교하고 예약하세요.',
    findMap: '지도에서 가까운 헤어살롱을 찾아보세요.',
    findLocation: '지역을 골라 그 동네의 헤어살롱을 찾아보세요.',
    findName: '살롱 이름이나 디자이너 이름으로 헤어살롱을 찾아보세요.',
    salonInfo: '살롱의 영업시간, 메뉴와 가격, 스타일 사진과 리뷰를 확인하세요.',
    designerInfo: '디자이너의 소개와 대표 스타일, 소속 살롱을 확인하세요.',
    stylebookStyle: '길이와 스타일별 헤어 카탈로그. 마음에 드는 스타일을 잘하는 살롱을 찾아보세요.',
    simulation: '사진 한 장으로 헤어 컬러와 스타일을 가상으로 체험해 보세요.',
    company: '캐롤 회사 정보.',
    terms: '캐롤 이용약관.',
    privacy: '캐롤 개인정보 처리방침.',
    inquiry: '캐롤에 궁금한 점을 문의하세요.',
    partnership: '캐롤과 함께할 살롱 파트너를 찾습니다.',
  },
};
