/** App-wide words: actions, the language/country switch, loading and error fallbacks. */
export const common = {
  appName: 'Carol',
  slogan: '나만의 스마트 AI 뷰티 솔루션',
  actions: {
    back: '뒤로 가기',
    close: '닫기',
    retry: '다시 시도',
    goHome: '홈으로 가기',
    findSalon: '살롱 찾기',
    done: '완료',
    reload: '새로고침',
  },
  locale: {
    button: '언어 및 국가 설정',
    sheetTitle: '언어 · 국가 설정',
    languageLabel: '언어',
    countryLabel: '국가',
    countryHint: '선택한 국가의 살롱, 가격, 예약 정보가 표시됩니다.',
  },
  languages: {
    ko: '한국어',
    en: 'English',
    ja: '日本語',
  },
  countries: {
    kr: '한국',
    jp: '日本',
  },
  membersOnly: {
    login: '로그인',
    register: '회원가입',
  },
  loading: '불러오는 중입니다',
  skipToContent: '본문 바로가기',
  toastRegion: '알림',
  loadError: {
    title: '화면을 불러오지 못했어요',
    body: '인터넷 연결이 불안정하거나 잠시 접속이 몰렸을 수 있어요. 잠시 후 다시 시도해 주세요.',
    busy: '지금 이용하는 분이 많아요. 잠시 후 다시 시도해 주세요.',
  },
  offline: {
    title: '인터넷에 연결되어 있지 않아요',
    body: '연결을 확인한 뒤 다시 시도해 주세요. 연결되면 최신 정보를 다시 불러와요.',
  },
  update: {
    title: '새 버전이 나왔어요',
    later: '나중에',
  },
  errorBoundary: {
    title: '화면을 표시하지 못했어요',
    body: '일시적인 문제일 수 있어요. 새로고침하거나 홈으로 이동해 주세요.',
  },
};
