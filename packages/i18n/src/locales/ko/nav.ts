/** Bottom navigation and header. */
export const nav = {
  label: '주요 메뉴',
  tabs: {
    home: '홈',
    simulation: '가상체험',
    find: '살롱찾기',
    stylebook: '스타일북',
    mypage: '마이페이지',
  },
  logoLabel: 'Carol 홈',
};
