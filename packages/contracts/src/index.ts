export * from './common.js';
export * from './errors.js';
export * from './envelope.js';
export * from './endpoint.js';
export * from './endpoints/banners.js';
export * from './endpoints/hair-colors.js';
export * from './endpoints/account.js';
export * from './endpoints/support.js';
export { allEndpoints } from './registry.js';
