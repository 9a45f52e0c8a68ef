import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { LanguageSchema } from '../common.js';
import { EmailSchema } from './auth.js';

/**
 * The salon's booking notices (ADR 062): when a member moves or cancels a
 * booking, the salon's notice address gets a mail in the salon's notice language (Naver booking,
 * Kakao Hairshop and Hot Pepper Beauty tell the owner the same way). A move or cancellation the
 * salon made itself through the console is not mailed back to it. No address: no mail.
 */
export const NoticeSettingsSchema = z.object({
  /** Null: the salon is not told by mail. */
  notice_email: z.string().nullable(),
  /** The language of the notices (the market's own unless set: ko in Korea, ja in Japan). */
  notice_language: LanguageSchema,
});
export type NoticeSettings = z.infer<typeof NoticeSettingsSchema>;

const consoleBase = { base: 'shop', tag: 'console', access: 'console', envelope: 'shop' } as const;

export const getConsoleNoticeSettings = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/get_notice_settings',
  summary:
    "The key's shop: the address told when a member moves or cancels a booking, and its language",
  request: z.object({}),
  response: z.object({ settings: NoticeSettingsSchema }),
});

export const setConsoleNoticeSettings = defineEndpoint({
  ...consoleBase,
  path: '/console/booking/set_notice_settings',
  summary:
    'Set the address told when a member moves or cancels a booking (null or empty: no mail) and, optionally, its language',
  request: z.object({
    /** JSON null or an empty form field switches the mails off. */
    notice_email: z.preprocess((v) => (v === '' ? null : v), EmailSchema.nullable()),
    /** Left out: unchanged. */
    notice_language: LanguageSchema.optional(),
  }),
  response: z.object({ settings: NoticeSettingsSchema }),
});
