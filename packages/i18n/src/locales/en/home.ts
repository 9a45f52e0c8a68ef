import type { home as ko } from '../ko/home.js';

export const home: typeof ko = {
  hero: {
    eyebrow: 'My Smart AI Beauty Solution',
    title: 'Find the hair\nthat suits you today',
    body: 'Discover salons and designers nearby, and try a new colour on your own photo before you book.',
    primary: 'Find a salon',
    secondary: 'Try it on',
  },
  search: {
    label: 'Search salons or designers',
    placeholder: 'Search by salon or designer name',
  },
  banners: {
    region: 'Featured',
    slide: '{{index}} of {{total}}',
    goTo: 'Show banner {{index}}',
  },
  hotStyles: {
    title: 'Trending styles',
    placeholder: 'The most-saved styles of the week will be featured here soon.',
    cta: 'Browse the style book',
  },
  hotColors: {
    title: 'Popular hair colours',
    subtitle: 'Tap a colour to try it on your photo',
    empty: 'No popular colours to show right now.',
    error: 'We couldn’t load popular colours.',
    tryColor: 'Try {{name}} on',
  },
  middleBanners: {
    title: 'Don’t miss',
  },
  nearbyShops: {
    title: 'Salons near you',
    placeholder: 'Salons close to your current location will be shown here.',
    cta: 'Find salons on the map',
  },
  nearbyDesigners: {
    title: 'Designers near you',
    placeholder: 'Designers working at salons near you will be shown here.',
    cta: 'Find designers',
  },
  byLength: {
    title: 'Styles by length',
    subtitle: 'Pick a length to open the style book',
  },
  lengths: {
    short: 'Short',
    bob: 'Bob',
    medium: 'Medium',
    long: 'Long',
    male: 'Men',
  },
  comingSoon: 'Coming soon',
};
