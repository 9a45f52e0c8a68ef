import { z } from 'zod';

/** The two markets. `server` and `country_code` travel on every request (spec section 7). */
export const serverValues = ['kr', 'jp'] as const;
export const ServerSchema = z.enum(serverValues);
export type Server = z.infer<typeof ServerSchema>;
export const defaultServer: Server = 'kr';

export const languageValues = ['ko', 'en', 'ja'] as const;
export const LanguageSchema = z.enum(languageValues);
export type Language = z.infer<typeof LanguageSchema>;
export const defaultLanguage: Language = 'ko';

export const currencyValues = ['KRW', 'JPY'] as const;
export const CurrencySchema = z.enum(currencyValues);
export type Currency = z.infer<typeof CurrencySchema>;

/** Fields every request carries. Form-data sends strings, so they are plain enums. */
export const CommonRequestSchema = z.object({
  server: ServerSchema,
  country_code: ServerSchema,
});
export type CommonRequest = z.infer<typeof CommonRequestSchema>;

/** A yes/no field: form-data sends "0"/"1"/"true"/"false"; JSON sends booleans. */
export const FlagSchema = z
  .union([z.enum(['0', '1', 'true', 'false']), z.literal(0), z.literal(1), z.boolean()])
  .transform((v) => v === '1' || v === 'true' || v === 1 || v === true);

/** Form-data carries strings: numeric ids and pages are coerced. */
export const IdSchema = z.coerce.number().int().positive();
export const PageSchema = z.coerce.number().int().min(1).max(10_000).default(1);
export const PageSizeSchema = z.coerce.number().int().min(1).max(100).default(20);
export const LatSchema = z.coerce.number().min(-90).max(90);
export const LngSchema = z.coerce.number().min(-180).max(180);

/** The three service bases (docs/architecture.md). Each can move to its own host. */
export const serviceBases = ['main', 'shop', 'ml'] as const;
export type ServiceBase = (typeof serviceBases)[number];
export const defaultBasePaths: Record<ServiceBase, string> = {
  main: '/api',
  shop: '/shop-api',
  ml: '/ml-api',
};

/** Business constants (spec section 9). */
export const limits = {
  requestTimeoutMs: 30_000,
  toastHideMs: 2_000,
  recentKeywords: 5,
  defaultFindType: 'h',
  defaultStylebookPath: '/w/-1/0/0',
  passwordMin: 8,
  passwordMax: 12,
  reservationHistoryYears: 2,
} as const;
