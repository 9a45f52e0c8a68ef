import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * Asked before every navigation while logged in (spec section 2). Answers whether the signed-in
 * member `user_id` still exists. It never reveals whether some other id exists: without a
 * session, or for an id that is not the caller's, the answer is `user_exists: false`.
 */
export const userCheck = defineEndpoint({
  base: 'main',
  path: '/carol/account/user_check',
  summary: 'Does the signed-in member still exist?',
  tag: 'account',
  access: 'public',
  envelope: 'main',
  request: z.object({ user_id: z.coerce.number().int().positive() }),
  response: z.object({ user_exists: z.boolean() }),
});
