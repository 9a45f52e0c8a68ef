/** /find/location/:type — choosing where the salon list measures distance from. */
export const coord = {
  search: {
    label: '지역, 동네, 역 이름 검색',
    placeholder: '지역·동네·역 이름 (예: 강남역, 성수동)',
    clear: '검색어 지우기',
  },
  current: {
    use: '현재 위치로 찾기',
    locating: '현재 위치를 확인하는 중…',
    hint: '기기의 위치 권한이 필요해요',
    denied: '위치 권한이 없어 현재 위치를 알 수 없어요. 지역 이름으로 검색해 주세요.',
    unavailable: '이 기기에서는 위치를 확인할 수 없어요. 지역 이름으로 검색해 주세요.',
    outside: '현재 위치가 서비스 지역(한국·일본) 밖이에요. 지역 이름으로 검색해 주세요.',
    mine: '내 위치',
  },
  chosen: {
    label: '현재 기준 위치',
    none: '기본 위치 ({{city}})',
    reset: '기본 위치로',
  },
  suggestions: {
    title: '많이 찾는 지역',
    kr: '강남역,홍대,성수동,압구정,여의도,잠실,해운대,서면',
    jp: '渋谷,表参道,原宿,新宿,銀座,梅田,心斎橋,難波',
  },
  results: {
    title: '검색 결과',
    loading: '지역을 찾는 중',
    empty: '‘{{keyword}}’에 해당하는 지역이 없어요',
    emptyHint: '동네나 역 이름을 바꿔서 검색해 보세요. 초성(ㄱㄴ)으로도 찾을 수 있어요.',
    error: '지역을 불러오지 못했어요',
    retry: '다시 시도',
  },
  kinds: {
    metro: '특별·광역시',
    province: '도',
    si: '시',
    gu: '구',
    gun: '군',
    dong: '동',
    prefecture: '도도부현',
    city: '시',
    ward: '구',
    area: '지역',
    station: '역',
  },
  chip: {
    label: '기준 위치: {{name}} (변경)',
  },
};
