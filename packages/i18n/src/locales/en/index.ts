import { errors } from './errors.js';

export const en = { errors };
