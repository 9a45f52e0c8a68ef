import type { nav as ko } from '../ko/nav.js';

export const nav: typeof ko = {
  label: 'Main menu',
  tabs: {
    home: 'Home',
    simulation: 'Try on',
    find: 'Salons',
    stylebook: 'Styles',
    mypage: 'My page',
  },
  logoLabel: 'Carol home',
};
