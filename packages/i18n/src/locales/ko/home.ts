/** The home screen. */
export const home = {
  hero: {
    eyebrow: 'My Smart AI Beauty Solution',
    title: '오늘, 나에게 어울리는\n헤어를 찾아보세요',
    body: '가까운 살롱과 디자이너를 찾고, 사진 한 장으로 새 컬러를 미리 입혀 보세요.',
    primary: '살롱 찾기',
    secondary: '가상체험 하기',
  },
  search: {
    label: '살롱 또는 디자이너 검색',
    placeholder: '살롱, 디자이너 이름으로 검색',
  },
  banners: {
    region: '이벤트 배너',
    slide: '{{total}}개 중 {{index}}번째',
    goTo: '{{index}}번째 배너 보기',
  },
  hotStyles: {
    title: '지금 인기 있는 스타일',
    placeholder: '이번 주 가장 많이 저장된 스타일을 곧 이곳에서 소개해 드릴게요.',
    cta: '스타일북 둘러보기',
  },
  hotColors: {
    title: '인기 헤어 컬러',
    subtitle: '컬러를 눌러 내 사진에 가상으로 입혀 보세요',
    empty: '지금은 소개할 인기 컬러가 없어요.',
    error: '인기 컬러를 불러오지 못했어요.',
    tryColor: '{{name}} 컬러 가상체험',
  },
  middleBanners: {
    title: '놓치지 마세요',
  },
  nearbyShops: {
    title: '내 주변 살롱',
    placeholder: '현재 위치를 기준으로 가까운 살롱을 이곳에 보여 드릴 예정이에요.',
    cta: '지도에서 살롱 찾기',
  },
  nearbyDesigners: {
    title: '내 주변 디자이너',
    placeholder: '가까운 살롱에서 활동하는 디자이너를 이곳에서 만나 보실 수 있어요.',
    cta: '디자이너 찾기',
  },
  byLength: {
    title: '길이별 스타일',
    subtitle: '원하는 길이를 고르면 스타일북으로 이동해요',
  },
  lengths: {
    short: '숏',
    bob: '단발',
    medium: '중단발',
    long: '롱',
    male: '남자',
  },
  comingSoon: '준비 중',
};
