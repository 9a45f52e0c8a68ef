/**
 * Company facts shown in the footer and on the company page. Numbers and addresses that the
 * business team may change without a code change are read from the build environment.
 */
function env(value: string | undefined, fallback: string): string {
  return value && value.trim() !== '' ? value.trim() : fallback;
}

export const companyInfo = {
  businessNumber: env(import.meta.env.VITE_BUSINESS_NUMBER, '214-88-40127'),
  mailOrderNumber: env(import.meta.env.VITE_MAIL_ORDER_NUMBER, '2024-서울강남-03127'),
  supportEmail: env(import.meta.env.VITE_SUPPORT_EMAIL, 'help@carol-beauty.com'),
  /** Customer centre numbers for Korea and Japan (spec section 9). */
  customerCenter: {
    kr: env(import.meta.env.VITE_SUPPORT_PHONE_KR, '1644-2750'),
    jp: env(import.meta.env.VITE_SUPPORT_PHONE_JP, '03-4578-2750'),
  },
  /** Date the current terms and privacy policy took effect (Korea time). */
  policyEffectiveDate: '2026-01-01T00:00:00+09:00',
} as const;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
