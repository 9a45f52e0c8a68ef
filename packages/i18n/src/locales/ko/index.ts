import { errors } from './errors.js';

export const ko = { errors };
