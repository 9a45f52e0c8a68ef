import type { reviews as ko } from '../ko/reviews.js';

export const reviews: typeof ko = {
  title: 'Reviews',
  withdrawnAuthor: 'Withdrawn member',
  average: 'Average rating',
  outOfFive: '{{rating}} out of 5',
  count: '{{count}} reviews',
  starsRow: '{{stars}}★',
  starsRowLabel: '{{count}} reviews with {{stars}} stars',
  empty: 'No reviews yet',
  emptyHint: 'Reviews from members who visited will appear here.',
  error: 'Could not load the reviews',
  retry: 'Try again',
  loading: 'Loading reviews',
  more: 'More reviews',
  designer: 'Stylist: {{name}}',
  photoAlt: 'Review photo {{index}}',
  recent: 'Recent reviews',
};
