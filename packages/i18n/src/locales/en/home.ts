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
    subtitle: 'The most-saved styles right now',
    seeAll: 'Style book',
    empty: 'No trending styles to show right now.',
    error: 'We couldn’t load trending styles.',
    likes: '{{count}} likes',
    open: 'See the {{name}} style',
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
    seeAll: 'See all salons',
    empty: 'No salons are listed nearby yet.',
    error: 'We couldn’t load nearby salons.',
    distance: '{{km}} km',
    rating: 'Rated {{rating}}, {{count}} reviews',
    fromPrice: 'From {{price}}',
    noPrice: 'Ask for prices',
    smart: 'Smart salon',
  },
  nearbyDesigners: {
    title: 'Designers near you',
    seeAll: 'See all designers',
    empty: 'No designers are working nearby yet.',
    error: 'We couldn’t load nearby designers.',
    label: '{{name}}, {{shop}}, {{km}} km',
  },
  origin: {
    kr: 'From Seoul City Hall',
    jp: 'From Tokyo Station',
    mine: 'From your location',
    place: 'From {{name}}',
    useMine: 'Use my location',
    locating: 'Finding you…',
    denied: 'Location unavailable, showing the default area',
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
};
