import type { nav as ko } from '../ko/nav.js';

export const nav: typeof ko = {
  label: 'メインメニュー',
  tabs: {
    home: 'ホーム',
    simulation: 'AI体験',
    find: 'サロン検索',
    stylebook: 'スタイル',
    mypage: 'マイページ',
  },
  logoLabel: 'Carol ホーム',
};
