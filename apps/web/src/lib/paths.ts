import { limits, stylebookEntryByLength } from '@carol/contracts';

/** Lengths on the home page, mapped onto the style book's path segments. */
export const styleLengths = ['short', 'bob', 'medium', 'long', 'male'] as const;
export type StyleLength = (typeof styleLengths)[number];

export const paths = {
  home: '/',
  login: '/login',
  /** The consent step of a first Google / Apple sign-in (ADR 025). */
  signUpAgreement: '/login/agreement',
  /** Sign-up complete: shown once after the e-mail link or the consent step. */
  signUpWelcome: '/login/welcome',
  simulation: '/simulation',
  notFound: '/notFound',
  findList: (type: string = limits.defaultFindType) => `/find/${type}`,
  findByName: (type: string = limits.defaultFindType) => `/find/name/${type}`,
  findByLocation: (type: string = limits.defaultFindType) => `/find/location/${type}`,
  findMap: '/find/map',
  salon: (salonId: string | number) => `/find/saloninfo/${salonId}`,
  salonImages: (salonId: string | number) => `/find/saloninfo/${salonId}/images`,
  designer: (designerId: string | number) => `/find/designerinfo/${designerId}`,
  myFavorite: (type: string) => `/mypage/myfavorite/${type}`,
  stylebook: (
    gender = 'w',
    type: string | number = -1,
    style: string | number = 0,
    substyle: string | number = 0,
  ) => `/stylebook/style/${gender}/${type}/${style}/${substyle}`,
  stylebookDefault: `/stylebook/style${limits.defaultStylebookPath}`,
  stylebookByLength: (length: StyleLength) => {
    const { gender, type } = stylebookEntryByLength[length];
    return `/stylebook/style/${gender}/${type}/0/0`;
  },
  mypage: '/mypage',
  reservationFirst: '/reservation/first',
  company: '/company',
  terms: '/terms',
  privacy: '/privacy',
  inquiry: '/support/inquiry',
  partnership: '/support/partnership',
} as const;
