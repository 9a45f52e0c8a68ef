import type { common as ko } from '../ko/common.js';

export const common: typeof ko = {
  appName: 'Carol',
  slogan: 'My Smart AI Beauty Solution',
  actions: {
    back: 'Back',
    close: 'Close',
    retry: 'Try again',
    goHome: 'Go to home',
    findSalon: 'Find a salon',
    done: 'Done',
    reload: 'Reload',
  },
  locale: {
    button: 'Language and country',
    sheetTitle: 'Language · Country',
    languageLabel: 'Language',
    countryLabel: 'Country',
    countryHint: 'Salons, prices and bookings are shown for the country you choose.',
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
    login: 'Log in',
    register: 'Sign up',
  },
  loading: 'Loading',
  skipToContent: 'Skip to content',
  toastRegion: 'Notifications',
  loadError: {
    title: 'Carol couldn’t load this screen',
    body: 'The connection may be unstable, or the service is busy for a moment. Please try again shortly.',
    busy: 'Many people are using Carol right now. Please try again shortly.',
  },
  offline: {
    title: 'You’re offline',
    body: 'Check your connection and try again. Carol loads the latest information once you’re back online.',
  },
  update: {
    title: 'A new version is available',
    later: 'Later',
  },
  errorBoundary: {
    title: 'Something went wrong',
    body: 'This may be a temporary problem. Reload the page or go back to home.',
  },
};
