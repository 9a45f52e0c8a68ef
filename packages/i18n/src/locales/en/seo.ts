import type { seo as ko } from '../ko/seo.js';

export const seo: typeof ko = {
  siteName: 'Carol',
  locale: 'en_US',
  salon: {
    title: '{{name}} · hair salon in {{area}}',
    description:
      '{{name}}, a hair salon in {{area}}. See its menu, prices and style photos and book on Carol.',
    rated: 'Rated {{rating}} from {{count}} reviews.',
  },
  designer: {
    title: '{{name}} · {{salon}}',
    description: '{{name}}, stylist at {{salon}}. See their signature styles and book on Carol.',
  },
  style: {
    title: '{{style}} hairstyles',
    description: 'Browse {{style}} photos and find salons that do this style well on Carol.',
  },
  pages: {
    default:
      'Carol — My Smart AI Beauty Solution. Find salons, browse the style book, try hairstyles on and book.',
    home: 'Carol — My Smart AI Beauty Solution. Find salons, browse the style book, try hairstyles on and book.',
    findList: 'Compare hair salons near you by rating, reviews, distance and price, and book.',
    findMap: 'Find hair salons near you on the map.',
    findLocation: 'Pick an area and find its hair salons.',
    findName: 'Find a hair salon by its name or a stylist’s name.',
    salonInfo: 'Opening hours, menu and prices, style photos and reviews of the salon.',
    designerInfo: 'The stylist’s profile, signature styles and salon.',
    stylebookStyle:
      'A hair catalogue by length and style. Find salons that do your favourite well.',
    simulation: 'Try hair colours and styles on a single photo.',
    company: 'About the company behind Carol.',
    terms: 'Carol’s terms of service.',
    privacy: 'Carol’s privacy policy.',
    inquiry: 'Ask Carol a question.',
    partnership: 'Salons: partner with Carol.',
  },
};
