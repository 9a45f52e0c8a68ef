import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { FlagSchema, IdSchema, PageSchema, PageSizeSchema } from '../common.js';
import { multiline } from '../text.js';
import { TelSchema } from './phone.js';
import { ShopNoticeTypeSchema } from './shops.js';
import {
  RecordMediaLabelSchema,
  ScalpAreaSchema,
  ScalpImageSchema,
  ScalpMeasureSchema,
  recordMediaKindValues,
} from './records.js';

/**
 * The salon's records through the shop console API: its staff system and smart
 * mirror send visits with photos and videos, scalp diagnoses and notices, keyed by the
 * customer's phone (the salon knows customers before they are members). `Authorization: Bearer
 * <shop console key>`, shop base `/shop-api/console/records/...`, JSON or form-data (multipart
 * where files travel). Every call acts on the key's shop only: another shop's visit, media,
 * diagnosis or notice answers NOT_FOUND like an unknown id. Members never create these (spec 6).
 */
export const consoleRecordLimits = {
  customerNameMax: 60,
  treatmentsMax: 10,
  treatmentMax: 60,
  shopMemoMax: 1000,
  /** Photos: JPEG, PNG, WebP, AVIF or HEIC as sharp reads them; re-encoded, metadata stripped. */
  photoMaxBytes: 15 * 1024 * 1024,
  photoMaxSide: 2048,
  thumbSide: 480,
  /** Videos: MP4 (H.264/AAC) or WebM (VP8/VP9/AV1, Opus/Vorbis), sniffed from their bytes. */
  videoMaxBytes: 50 * 1024 * 1024,
  videoMaxSeconds: 60,
  /** Media per visit. */
  mediaPerVisitMax: 30,
  measuresMax: 20,
  scalpImagesMax: 8,
  noticeTitleMax: 100,
  noticeBodyMax: 2000,
} as const;

/** JSON arrays arrive as a JSON string in form-data; a single plain string is one item. */
const jsonOrList = (v: unknown): unknown => {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return v;
    }
  }
  return text === '' ? [] : [text];
};

/** A file part of a multipart body: a Buffer on the server, a File/Blob in the browser. */
const UploadSchema = z.custom<Uint8Array | Blob>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  'VALIDATION_FAILED',
);

/** An instant with its offset ("2026-11-20T14:30:00+09:00" or "...Z"). */
const InstantSchema = z.iso.datetime({ offset: true });

const consoleRecords = {
  base: 'shop',
  tag: 'console-records',
  access: 'console',
  envelope: 'shop',
} as const;

/** Treatment names as the salon writes them: a JSON array, repeated fields or one name. */
const TreatmentsSchema = z.preprocess(
  jsonOrList,
  z
    .array(z.string().trim().min(1).max(consoleRecordLimits.treatmentMax))
    .max(consoleRecordLimits.treatmentsMax),
);

export const ConsoleCustomerSchema = z.object({
  customer_id: z.number().int(),
  phone: z.string(),
  name: z.string().nullable(),
  /** Whether a member has linked this phone with the salon. */
  is_linked: z.boolean(),
  visit_count: z.number().int(),
  diagnosis_count: z.number().int(),
});
export type ConsoleCustomer = z.infer<typeof ConsoleCustomerSchema>;

export const ConsoleMediaSchema = z.object({
  media_id: z.number().int(),
  visit_id: z.number().int(),
  kind: z.enum(recordMediaKindValues),
  label: RecordMediaLabelSchema.nullable(),
  url: z.string(),
  thumb_url: z.string(),
  mime_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  duration_ms: z.number().int().nullable(),
  bytes: z.number().int(),
});
export type ConsoleMedia = z.infer<typeof ConsoleMediaSchema>;

export const ConsoleVisitSchema = z.object({
  visit_id: z.number().int(),
  customer_id: z.number().int(),
  phone: z.string(),
  visited_at: z.string(),
  designer_id: z.number().int().nullable(),
  designer_name: z.string().nullable(),
  treatments: z.array(z.string()),
  shop_memo: z.string().nullable(),
  media: z.array(ConsoleMediaSchema),
});
export type ConsoleVisit = z.infer<typeof ConsoleVisitSchema>;

export const ConsoleDiagnosisSchema = z.object({
  diagnosis_id: z.number().int(),
  customer_id: z.number().int(),
  phone: z.string(),
  diagnosed_at: z.string(),
  designer_id: z.number().int().nullable(),
  designer_name: z.string().nullable(),
  measures: z.array(ScalpMeasureSchema),
  images: z.array(ScalpImageSchema),
  memo: z.string().nullable(),
});
export type ConsoleDiagnosis = z.infer<typeof ConsoleDiagnosisSchema>;

export const noticeAudienceValues = ['all', 'linked'] as const;

export const ConsoleNoticeSchema = z.object({
  notice_id: z.number().int(),
  type: ShopNoticeTypeSchema,
  title: z.string(),
  body: z.string(),
  audience: z.enum(noticeAudienceValues),
  /** Null while a draft. */
  published_at: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type ConsoleNotice = z.infer<typeof ConsoleNoticeSchema>;

const customerFields = {
  /** The customer's mobile number in the salon's market format (parsePhone). */
  phone: TelSchema,
};

export const saveCustomer = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/save_customer',
  summary: 'Create or update a customer record by phone (the name the salon knows them by)',
  request: z.object({
    ...customerFields,
    name: z.string().trim().max(consoleRecordLimits.customerNameMax).optional(),
  }),
  response: z.object({ customer: ConsoleCustomerSchema }),
});

export const getCustomerRecords = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/get_customer_records',
  summary: "A customer's record by phone: visits with media, and scalp diagnoses, newest first",
  request: z.object({ ...customerFields }),
  response: z.object({
    customer: ConsoleCustomerSchema,
    visits: z.array(ConsoleVisitSchema),
    diagnoses: z.array(ConsoleDiagnosisSchema),
  }),
});

export const addVisit = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/add_visit',
  summary:
    'Record a visit for a customer (created by phone if new): when, which designer of the shop, treatments, the salon memo',
  request: z.object({
    ...customerFields,
    customer_name: z.string().trim().max(consoleRecordLimits.customerNameMax).optional(),
    visited_at: InstantSchema,
    designer_id: IdSchema.optional(),
    treatments: z
      .preprocess(
        jsonOrList,
        z
          .array(z.string().trim().min(1).max(consoleRecordLimits.treatmentMax))
          .max(consoleRecordLimits.treatmentsMax),
      )
      .default([]),
    shop_memo: multiline(z.string().trim().max(consoleRecordLimits.shopMemoMax)).optional(),
  }),
  response: z.object({ visit: ConsoleVisitSchema }),
});

export const updateVisit = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/update_visit',
  summary: "Change a visit's designer, treatments or salon memo (fields left out stay)",
  request: z.object({
    visit_id: IdSchema,
    designer_id: IdSchema.optional(),
    treatments: TreatmentsSchema.optional(),
    shop_memo: multiline(z.string().trim().max(consoleRecordLimits.shopMemoMax)).optional(),
  }),
  response: z.object({ visit: ConsoleVisitSchema }),
});

export const deleteVisit = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/delete_visit',
  summary: 'Delete a visit with its photos and videos (files removed)',
  request: z.object({ visit_id: IdSchema }),
  response: z.object({ visit_id: z.number().int() }),
});

export const addVisitMedia = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/add_visit_media',
  summary:
    'Add a photo (`file`: re-encoded, metadata stripped, thumbnail cut) or a video (`file`: MP4 H.264/AAC or WebM, sniffed, at most 60 s and 50 MB, with a `poster` image) to a visit',
  uploads: { files: { file: 1, poster: 1 }, fileBytes: consoleRecordLimits.videoMaxBytes },
  request: z.object({
    visit_id: IdSchema,
    file: UploadSchema,
    /** Required with a video: a still of it (JPEG/PNG/WebP), re-encoded like a photo. */
    poster: UploadSchema.optional(),
    label: RecordMediaLabelSchema.optional(),
  }),
  response: z.object({ media: ConsoleMediaSchema }),
});

export const deleteVisitMedia = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/delete_visit_media',
  summary: 'Delete one photo or video of a visit (files removed)',
  request: z.object({ media_id: IdSchema }),
  response: z.object({ media_id: z.number().int() }),
});

export const addDiagnosis = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/add_diagnosis',
  summary:
    'Record a scalp diagnosis for a customer (created by phone if new): measures (JSON array of {key, value, unit, normal_min, normal_max}), microscope images (`images`, with `image_areas` in the same order), the memo',
  uploads: {
    files: { images: consoleRecordLimits.scalpImagesMax },
    fileBytes: consoleRecordLimits.photoMaxBytes,
  },
  request: z.object({
    ...customerFields,
    customer_name: z.string().trim().max(consoleRecordLimits.customerNameMax).optional(),
    diagnosed_at: InstantSchema,
    designer_id: IdSchema.optional(),
    measures: z.preprocess(
      jsonOrList,
      z.array(ScalpMeasureSchema).min(1).max(consoleRecordLimits.measuresMax),
    ),
    images: z
      .preprocess(
        (v): unknown[] => (v === undefined ? [] : Array.isArray(v) ? (v as unknown[]) : [v]),
        z.array(UploadSchema).max(consoleRecordLimits.scalpImagesMax),
      )
      .default([]),
    image_areas: z
      .preprocess(jsonOrList, z.array(ScalpAreaSchema).max(consoleRecordLimits.scalpImagesMax))
      .optional(),
    memo: multiline(z.string().trim().max(consoleRecordLimits.shopMemoMax)).optional(),
  }),
  response: z.object({ diagnosis: ConsoleDiagnosisSchema }),
});

export const deleteDiagnosis = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/delete_diagnosis',
  summary: 'Delete a scalp diagnosis with its images (files removed)',
  request: z.object({ diagnosis_id: IdSchema }),
  response: z.object({ diagnosis_id: z.number().int() }),
});

export const getNoticeList = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/get_notice_list',
  summary: "The shop's notices, drafts included, newest first",
  request: z.object({ page: PageSchema, page_size: PageSizeSchema }),
  response: z.object({
    notices: z.array(ConsoleNoticeSchema),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const saveNotice = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/save_notice',
  summary:
    'Create (no `notice_id`) or replace a notice: news, update, coupon or details; for everyone or only linked customers; `publish=1` publishes now; coupons carry a validity period',
  request: z.object({
    notice_id: IdSchema.optional(),
    type: ShopNoticeTypeSchema,
    title: z.string().trim().min(1).max(consoleRecordLimits.noticeTitleMax),
    body: multiline(z.string().trim().max(consoleRecordLimits.noticeBodyMax)).default(''),
    audience: z.enum(noticeAudienceValues).default('all'),
    publish: FlagSchema.default(true),
    valid_from: InstantSchema.optional(),
    /** After valid_from (DATE_RANGE_INVALID otherwise). */
    valid_until: InstantSchema.optional(),
  }),
  response: z.object({ notice: ConsoleNoticeSchema }),
});

export const deleteNotice = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/delete_notice',
  summary: 'Delete a notice',
  request: z.object({ notice_id: IdSchema }),
  response: z.object({ notice_id: z.number().int() }),
});

export const getLinkedMembers = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/get_linked_members',
  summary: 'Members linked with the shop: phone, name and when they linked, latest first',
  request: z.object({ page: PageSchema, page_size: PageSizeSchema }),
  response: z.object({
    links: z.array(
      z.object({
        phone: z.string(),
        family_name: z.string(),
        given_name: z.string(),
        linked_at: z.string(),
        customer_id: z.number().int().nullable(),
      }),
    ),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const deleteCustomer = defineEndpoint({
  ...consoleRecords,
  path: '/console/records/delete_customer',
  summary:
    "Remove a customer's data at the shop: the record, every visit with its photos and videos, every diagnosis with its images (files removed). A member's link stays; it shows nothing until the salon records again",
  request: z.object({ ...customerFields }),
  response: z.object({
    deleted_visits: z.number().int(),
    deleted_media: z.number().int(),
    deleted_diagnoses: z.number().int(),
  }),
});
