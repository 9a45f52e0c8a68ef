import { errors } from './errors.js';

export const ja = { errors };
