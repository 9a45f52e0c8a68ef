// Kept for this feature's tests: the booking builder now lives with the other factories.
export { buildBooking, fromNow, hours } from '../../../test/factories.js';
