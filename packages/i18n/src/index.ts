export * from './catalog.js';
export * from './format.js';
export * from './translate.js';
export * from './negotiate.js';
