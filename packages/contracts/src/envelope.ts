import { z } from 'zod';
import { errorCodeList } from './errors.js';

/**
 * Response envelopes of the spec (section 7):
 * - main base: `result: 'success'`
 * - shop base booking and verification calls: `success: true`
 * - random hair resource: `resCode: '200'`
 * Errors everywhere: `resCode` + `resMessage` (localized), with `result: 'fail'` and
 * `success: false` so that every client check reads the same way.
 */
export type Envelope = 'main' | 'shop' | 'resCode';

export function mainOk<T extends z.ZodRawShape>(shape: T) {
  return z.object({ result: z.literal('success'), ...shape });
}
export function shopOk<T extends z.ZodRawShape>(shape: T) {
  return z.object({ success: z.literal(true), ...shape });
}
export function resCodeOk<T extends z.ZodRawShape>(shape: T) {
  return z.object({ resCode: z.literal('200'), resMessage: z.string(), ...shape });
}

export const ErrorResponseSchema = z.object({
  result: z.literal('fail'),
  success: z.literal(false),
  resCode: z.enum(errorCodeList as [string, ...string[]]),
  resMessage: z.string(),
  /** Which fields failed validation, when that is the reason. */
  fields: z.array(z.object({ field: z.string(), resMessage: z.string() })).optional(),
  /** Seconds until the refused request may be repeated (e.g. RESEND_TOO_SOON), when known. */
  retry_after: z.number().int().nonnegative().optional(),
  request_id: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

export function successMarker(envelope: Envelope): Record<string, unknown> {
  switch (envelope) {
    case 'main':
      return { result: 'success' };
    case 'shop':
      return { success: true };
    case 'resCode':
      return { resCode: '200', resMessage: 'OK' };
  }
}

/** The full success body of an endpoint: envelope markers plus the contract's payload. */
export function successSchemaOf(envelope: Envelope, data: z.ZodObject): z.ZodObject {
  switch (envelope) {
    case 'main':
      return mainOk(data.shape);
    case 'shop':
      return shopOk(data.shape);
    case 'resCode':
      return resCodeOk(data.shape);
  }
}
