import type { mypage as ko } from '../ko/mypage.js';

export const mypage: typeof ko = {
  greeting: 'Hi, {{name}}',
  hello: 'Find a style that suits you today.',
  manageAccount: 'Account',
  loading: 'Loading my page',
  error: 'Your details could not be loaded.',
  retry: 'Try again',
  counts: {
    label: 'My activity',
    styles: 'Styles',
    designers: 'Designers',
    shops: 'Salons',
    gallery: 'Gallery',
  },
  next: {
    title: 'Next booking',
    all: 'Bookings',
    upcoming: '{{count}} upcoming',
    today: 'Today',
    tomorrow: 'Tomorrow',
    inDays: 'In {{days}} days',
    designer: 'with {{name}}',
    open: 'Booking at {{shop}}: details',
    emptyTitle: 'No upcoming bookings',
    emptyBody: 'Find a salon you like and book your next visit.',
    findSalon: 'Find a salon',
  },
  shortcuts: {
    label: 'Shortcuts',
    reservations: 'Bookings',
    favorites: 'Favourites',
    gallery: 'Gallery',
    visits: 'Visited salons',
    history: 'Styling history',
    scalp: 'Scalp care',
    qr: 'Scan QR',
    settings: 'Settings',
  },
  support: {
    title: 'Customer centre',
  },
};
