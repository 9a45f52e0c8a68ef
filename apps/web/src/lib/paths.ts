import { limits } from '@carol/contracts';

/** Lengths on the home page, mapped onto the style book's path segments. */
export const styleLengths = ['short', 'bob', 'medium', 'long', 'male'] as const;
export type StyleLength = (typeof styleLengths)[number];

/**
 * Catalogue type ids per length. -1 means "all types" (the default style book path /w/-1/0/0).
 * They must match the catalogue seed on the server (getType).
 */
const lengthSegments: Record<StyleLength, { gender: 'w' | 'm'; type: number }> = {
  short: { gender: 'w', type: 1 },
  bob: { gender: 'w', type: 2 },
  medium: { gender: 'w', type: 3 },
  long: { gender: 'w', type: 4 },
  male: { gender: 'm', type: -1 },
};

export const paths = {
  home: '/',
  login: '/login',
  simulation: '/simulation',
  notFound: '/notFound',
  findList: (type: string = limits.defaultFindType) => `/find/${type}`,
  findByName: (type: string = limits.defaultFindType) => `/find/name/${type}`,
  findByLocation: (type: string = limits.defaultFindType) => `/find/location/${type}`,
  findMap: '/find/map',
  salon: (salonId: string | number) => `/find/saloninfo/${salonId}`,
  stylebook: (
    gender = 'w',
    type: string | number = -1,
    style: string | number = 0,
    substyle: string | number = 0,
  ) => `/stylebook/style/${gender}/${type}/${style}/${substyle}`,
  stylebookDefault: `/stylebook/style${limits.defaultStylebookPath}`,
  stylebookByLength: (length: StyleLength) => {
    const { gender, type } = lengthSegments[length];
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
