import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { multiline } from '../text.js';

export const inquiryKinds = ['general', 'partnership'] as const;

/** Footer: customer inquiries and ad/partnership inquiries (spec section 1). */
export const sendInquiry = defineEndpoint({
  base: 'main',
  path: '/carol/support/send_inquiry',
  summary: 'Send a customer inquiry or an ad/partnership inquiry',
  tag: 'support',
  access: 'public',
  envelope: 'main',
  request: z.object({
    kind: z.enum(inquiryKinds),
    name: z.string().trim().min(1).max(60),
    email: z.string().trim().toLowerCase().pipe(z.email()).pipe(z.string().max(254)),
    company: z.string().trim().max(100).optional(),
    title: z.string().trim().min(1).max(120),
    message: multiline(z.string().trim().min(10).max(4000)),
  }),
  response: z.object({ inquiry_id: z.number().int() }),
});
