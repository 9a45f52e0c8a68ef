import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { EmailSchema, LinkTokenSchema } from './auth.js';

/**
 * Changing the sign-in e-mail (spec 4): a verification mail to the new address, completed through
 * its link (/mypage/setting/changeemailsendafter/{country}/{token}). Re-authentication first:
 * the password for members who have one (see services/server account.service reauthenticate).
 */
export const changeMailAddress = defineEndpoint({
  base: 'main',
  path: '/carol/account/change_mail_address',
  summary: 'Mail a one-time confirmation link (24 h) to a new e-mail address',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({
    new_email: EmailSchema,
    password: z.string().max(128, 'WRONG_CREDENTIALS').optional(),
  }),
  response: z.object({ email: z.string() }),
});

export const requestMail = defineEndpoint({
  base: 'main',
  path: '/carol/account/request_mail',
  summary: 'Send the pending e-mail change link again (a fresh link replaces the old one)',
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({}),
  response: z.object({ email: z.string() }),
});

export const confirmMailAddress = defineEndpoint({
  base: 'main',
  path: '/carol/account/confirm_mail_address',
  summary: "Complete an e-mail change from its link (only the requesting member's session)",
  tag: 'account',
  access: 'member',
  envelope: 'main',
  request: z.object({ token: LinkTokenSchema }),
  response: z.object({ email: z.string() }),
});
