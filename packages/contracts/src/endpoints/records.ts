import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { FlagSchema, IdSchema, PageSchema, PageSizeSchema } from '../common.js';
import { multiline } from '../text.js';
import { ShopNoticeTypeSchema } from './shops.js';

// The salon's records on the member's phone (spec 2, 3, 4, 5, 6, 7, 8, 9): styling
// history (photos and videos a salon took at each visit, with its memo), visited shops, the
// salons' notices, scalp-diagnosis history, and the data linking that lets a member see them.
// Members only, the member always from the session. Records belong to a salon and a phone
// (the salon knows its customers before they are members); a member sees a salon's records
// only while linked with that salon under their verified phone. Another member's ids and an
// unlinked salon's ids answer NOT_FOUND like unknown ids. Members never create styling history
// (spec 6): they add a memo, hide, or delete from their own pages; the salon keeps its record.

export const recordLimits = {
  /** The member's own memo on a photo or video (`set_caption`). */
  captionMax: 500,
  /** Ids in one delete_history / set_history_hidden call. */
  idsMax: 100,
  /** Longest range one getDateVisitList call may ask for (a calendar screen: 6 weeks, with margin). */
  dateVisitListMaxDays: 93,
} as const;

/** A calendar date "YYYY-MM-DD" (the salon's local date of a visit). */
const DateSchema = z.iso.date();

/** Repeated form fields, a comma list or one value → an array of ids. */
const IdListSchema = z.preprocess(
  (v): unknown[] =>
    v === undefined || v === ''
      ? []
      : Array.isArray(v)
        ? (v as unknown[])
        : typeof v === 'string'
          ? v.split(',')
          : [v],
  z.array(IdSchema).min(1).max(recordLimits.idsMax),
);

export const recordMediaKindValues = ['photo', 'video'] as const;
export const recordMediaLabelValues = [
  'before',
  'after',
  'front',
  'side',
  'back',
  'detail',
] as const;
export const RecordMediaLabelSchema = z.enum(recordMediaLabelValues);
export type RecordMediaLabel = z.infer<typeof RecordMediaLabelSchema>;

/** A salon notice as a linked member sees it (news, update, coupon, details). */
export const RecordNoticeSchema = z.object({
  notice_id: z.number().int(),
  type: ShopNoticeTypeSchema,
  title: z.string(),
  body: z.string(),
  /** ISO 8601. */
  published_at: z.string(),
  /** Coupons: the validity period, ISO 8601; null = open-ended. */
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
});
export type RecordNotice = z.infer<typeof RecordNoticeSchema>;

/** One photo or video of a visit. `url`/`thumb_url` are private: only the member (and the salon) get them. */
export const HistoryMediaSchema = z.object({
  media_id: z.number().int(),
  kind: z.enum(recordMediaKindValues),
  label: RecordMediaLabelSchema.nullable(),
  /** The photo (re-encoded, no metadata) or the video (MP4/WebM, served with range requests). */
  url: z.string(),
  /** The photo's thumbnail or the video's poster image. */
  thumb_url: z.string(),
  mime_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Videos only. */
  duration_ms: z.number().int().nullable(),
  /** The member's own memo (`set_caption`). */
  personal_memo: z.string().nullable(),
  is_hidden: z.boolean(),
});
export type HistoryMedia = z.infer<typeof HistoryMediaSchema>;

/** A visit in the styling history: one salon, one day, its photos and videos. */
export const HistoryVisitSchema = z.object({
  visit_id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  /** ISO 8601 instant; `date`/`time` are the salon's local date and time. */
  visited_at: z.string(),
  date: z.string(),
  time: z.string(),
  time_zone: z.string(),
  designer_id: z.number().int().nullable(),
  designer_name: z.string().nullable(),
  treatments: z.array(z.string()),
  /** The salon's memo (read-only for the member). */
  shop_memo: z.string().nullable(),
  /** In the order the salon gave; in the "hidden" view only the hidden ones, else only the visible ones. */
  media: z.array(HistoryMediaSchema),
});
export type HistoryVisit = z.infer<typeof HistoryVisitSchema>;

export const historyViewValues = ['visible', 'hidden'] as const;

export const getMyPhotoList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/getMyPhotoList',
  summary:
    'Styling history: the visits of every linked salon (or one, `shop_id`) with their photos and videos, newest first; `from`+`to` (both or neither) limit it to a date range; `view=hidden` lists what the member hid',
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({
    shop_id: IdSchema.optional(),
    /** Both or neither (spec 5: a date-range search needs all dates chosen): DATE_RANGE_INCOMPLETE. */
    from: DateSchema.optional(),
    to: DateSchema.optional(),
    view: z.enum(historyViewValues).default('visible'),
    page: PageSchema,
    page_size: PageSizeSchema,
  }),
  response: z.object({
    /** Visits that have at least one media item in the view (a visit without photos shows in `visible`). */
    my_photo_list: z.array(HistoryVisitSchema),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const getDateVisitList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/getDateVisitList',
  summary:
    "The days (salon's local date) in a range on which the member has visits at linked salons, for the date picker's marks",
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({
    from: DateSchema,
    to: DateSchema,
    shop_id: IdSchema.optional(),
  }),
  response: z.object({
    /** "YYYY-MM-DD", ascending, each once. */
    dates: z.array(z.string()),
  }),
});

/** A linked salon in the styling history's "by salon" view. */
export const ShopVisitSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_thumbnail: z.string().nullable(),
  time_zone: z.string(),
  /** ISO 8601. */
  linked_at: z.string(),
  /** ISO 8601 and the salon's local date of the last recorded visit; null when none yet. */
  last_visit_at: z.string().nullable(),
  last_visit_date: z.string().nullable(),
  visit_count: z.number().int().nonnegative(),
  /** Photos and videos the member has not hidden or deleted. */
  media_count: z.number().int().nonnegative(),
  /** Published notices for everyone or for linked customers; coupons only while valid; newest first. */
  notices: z.array(RecordNoticeSchema),
});
export type ShopVisit = z.infer<typeof ShopVisitSchema>;

export const getShopVisitList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/getShopVisitList',
  summary:
    'The salons the member is linked with: last visit, counts and the salon notices (news, update, coupon, details); latest visit first',
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({ shop_id: IdSchema.optional() }),
  response: z.object({ shop_visit_list: z.array(ShopVisitSchema) }),
});

/** A salon the member has visited: completed reservations and linked salons' recorded visits. */
export const VisitShopSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_thumbnail: z.string().nullable(),
  address: z.string(),
  rating_avg: z.number(),
  review_count: z.number().int(),
  /** ISO 8601 and the salon's local date of the latest visit. */
  last_visit_at: z.string(),
  last_visit_date: z.string(),
  /** Completed reservations plus recorded visits not already counted as a reservation that day. */
  visit_count: z.number().int().positive(),
  is_favorite: z.boolean(),
  is_linked: z.boolean(),
  /** Whether "book again" can start the reservation flow (the salon takes reservations). */
  bookable: z.boolean(),
});
export type VisitShop = z.infer<typeof VisitShopSchema>;

export const getVisitShopList = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/get_visit_shop_list',
  summary:
    'Visited shops of the request server: salons with a completed reservation or a recorded visit, latest visit first, paged',
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({ page: PageSchema, page_size: PageSizeSchema }),
  response: z.object({
    visit_shop_list: z.array(VisitShopSchema),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const deleteHistory = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/delete_history',
  summary:
    "Delete photos or videos from the member's styling history for good (repeat `media_ids`); all or nothing; the salon keeps its record",
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({ media_ids: IdListSchema }),
  response: z.object({ deleted_ids: z.array(z.number().int()) }),
});

export const setHistoryHidden = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/set_history_hidden',
  summary:
    'Hide photos or videos from the styling history (kept in the "hidden" view), or restore them (`hidden=0`); all or nothing; failures answer HIDE_FAILED',
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({ media_ids: IdListSchema, hidden: FlagSchema }),
  response: z.object({ media_ids: z.array(z.number().int()), hidden: z.boolean() }),
});

export const setCaption = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/set_caption',
  summary: "The member's own memo on a photo or video of their styling history (empty clears it)",
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({
    media_id: IdSchema,
    caption: multiline(z.string().trim().max(recordLimits.captionMax)),
  }),
  response: z.object({ media_id: z.number().int(), personal_memo: z.string().nullable() }),
});

// --- scalp diagnosis ---------------------------------------------------------------------------

/**
 * What a smart mirror's scalp camera measures. Units and the normal range come with each
 * record (the salon's device and its settings decide them).
 */
export const scalpMeasureKeys = [
  'density',
  'thickness',
  'sebum',
  'keratin',
  'moisture',
  'sensitivity',
  'hair_loss_risk',
] as const;
export const ScalpMeasureKeySchema = z.enum(scalpMeasureKeys);
export type ScalpMeasureKey = z.infer<typeof ScalpMeasureKeySchema>;

export const scalpAreaValues = ['front', 'crown', 'left', 'right', 'back', 'other'] as const;
export const ScalpAreaSchema = z.enum(scalpAreaValues);

export const ScalpMeasureSchema = z.object({
  key: ScalpMeasureKeySchema,
  value: z.number().finite(),
  /** e.g. "hairs/cm²", "µm", "%", "score". */
  unit: z.string().trim().min(1).max(16),
  normal_min: z.number().finite().nullable(),
  normal_max: z.number().finite().nullable(),
});
export type ScalpMeasure = z.infer<typeof ScalpMeasureSchema>;

/** A microscope image of a diagnosis (private, like styling history). */
export const ScalpImageSchema = z.object({
  image_id: z.number().int(),
  area: ScalpAreaSchema,
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const DiagnosisContentSchema = z.object({
  diagnosis_id: z.number().int(),
  shop_id: z.number().int(),
  shop_name: z.string(),
  /** ISO 8601; `date` is the salon's local date. */
  diagnosed_at: z.string(),
  date: z.string(),
  designer_name: z.string().nullable(),
  measures: z.array(ScalpMeasureSchema),
  images: z.array(ScalpImageSchema),
  memo: z.string().nullable(),
});
export type DiagnosisContent = z.infer<typeof DiagnosisContentSchema>;

export const getDiagnosisContents = defineEndpoint({
  base: 'main',
  path: '/carol/scalp/get_diagnosis_contents',
  summary:
    'Scalp diagnosis history from linked salons (or one, `shop_id`), newest first, paged; deleted ones are not listed',
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({
    shop_id: IdSchema.optional(),
    page: PageSchema,
    page_size: PageSizeSchema,
  }),
  response: z.object({
    diagnosis_contents: z.array(DiagnosisContentSchema),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const deleteDiagnosisContent = defineEndpoint({
  base: 'main',
  path: '/carol/scalp/delete_diagnosis_content',
  summary:
    "Delete a scalp diagnosis from the member's history for good (the salon keeps its record)",
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({ diagnosis_id: IdSchema }),
  response: z.object({ diagnosis_id: z.number().int() }),
});

// --- data linking (spec 4, 5, 6, 8, 9) -----------------------------------------------------------

/** A salon to link with: by its id (salon page) or by the code of its mirror's QR (scanner). */
const LinkTargetSchema = z.object({
  shop_id: IdSchema.optional(),
  /** The QR's URL or the code typed (see `normalizeQrCode`); the QR session's purpose must be `link`. */
  code: z.string().trim().min(1, 'QR_INVALID').max(1024, 'QR_INVALID').optional(),
});

export const LinkInfoSchema = z.object({
  shop_id: z.number().int(),
  shop_name: z.string(),
  shop_address: z.string(),
  shop_thumbnail: z.string().nullable(),
  /** Already linked by this member. */
  is_linked: z.boolean(),
  /** The member's phone is verified (linking needs it; spec 5). */
  phone_verified: z.boolean(),
  /** The masked phone the link will use ("010-****-5678"), null without a phone. */
  phone_masked: z.string().nullable(),
  /** Seconds a scanned code stays valid; null for a link by shop id. */
  expires_in: z.number().int().nullable(),
});
export type LinkInfo = z.infer<typeof LinkInfoSchema>;

export const getLinkInfo = defineEndpoint({
  base: 'main',
  path: '/carol/account/get_link_info',
  summary:
    'For the confirmation sheet before linking: the salon (by `shop_id` or a scanned `code`), whether already linked, and whether the phone is verified',
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: LinkTargetSchema,
  response: LinkInfoSchema,
});

export const userLinkAdd = defineEndpoint({
  base: 'main',
  path: '/carol/account/user_link_add',
  summary:
    "Link the member's account with a salon (by `shop_id` or a scanned `code`) under their verified phone: the salon's records for that phone appear in the member's pages. One account per salon: LINK_DUPLICATE when the phone is linked to another member there, LINK_ALREADY when this member already linked it",
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: LinkTargetSchema,
  response: z.object({
    shop_id: z.number().int(),
    shop_name: z.string(),
    linked_at: z.string(),
    /** Visits the salon had already recorded for the phone. */
    visit_count: z.number().int().nonnegative(),
  }),
});

export const userLinkCancel = defineEndpoint({
  base: 'main',
  path: '/carol/account/user_link_cancel',
  summary:
    "Unlink a salon: its records leave the member's pages (the salon keeps them); the member's memos and hide marks on them go",
  tag: 'records',
  access: 'member',
  envelope: 'main',
  request: z.object({ shop_id: IdSchema }),
  response: z.object({ shop_id: z.number().int() }),
});
