import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, oneOf, ref, timestamptz, updatedAt } from './columns.js';
import { designers } from './designers.js';
import { members } from './members.js';
import { shops } from './shops.js';

// A salon's own records of its customers: what its staff system and smart mirror
// send through the console API. Keyed by the customer's phone at that salon, because a salon
// knows its customers before they are members; a member sees them only while linked
// (shop_links: same shop, same phone). The member's own layer (memo, hidden, deleted) is kept
// per member in member_*_states, so the salon's record is never changed by the member and a
// phone that changes hands never carries one person's memo to the next.

export const recordMediaKindValues = ['photo', 'video'] as const;
/** What a shot shows; null when the salon did not say. */
export const recordMediaLabelValues = [
  'before',
  'after',
  'front',
  'side',
  'back',
  'detail',
] as const;
/** Where on the scalp a microscope image was taken. */
export const scalpAreaValues = ['front', 'crown', 'left', 'right', 'back', 'other'] as const;

/** One customer of one salon, by the canonical phone (`parsePhone`: 010-1234-5678). */
export const shopCustomers = pgTable(
  'shop_customers',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    /** The name the salon knows the customer by (optional). */
    name: text('name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shop_customers_shop_phone_uq').on(t.shopId, t.phone)],
);

/** A visit as the salon records it: when, who did it, what was done, the salon's memo. */
export const visitRecords = pgTable(
  'visit_records',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    customerId: ref('customer_id')
      .notNull()
      .references(() => shopCustomers.id, { onDelete: 'cascade' }),
    visitedAt: timestamptz('visited_at').notNull(),
    designerId: ref('designer_id').references(() => designers.id, { onDelete: 'set null' }),
    /** Treatment names as the salon wrote them (menu names or free text). */
    treatments: jsonb('treatments').$type<string[]>().notNull().default([]),
    shopMemo: text('shop_memo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('visit_records_customer_visited_idx').on(t.customerId, t.visitedAt.desc()),
    index('visit_records_shop_visited_idx').on(t.shopId, t.visitedAt.desc()),
    index('visit_records_designer_idx').on(t.designerId),
  ],
);

/**
 * Photos and videos of a visit. Files live in MEDIA_DIR's private `records/` folder: `url` is
 * the re-encoded photo or the video, `thumb_url` the photo's thumbnail or the video's poster.
 */
export const visitMedia = pgTable(
  'visit_media',
  {
    id: id(),
    visitId: ref('visit_id')
      .notNull()
      .references(() => visitRecords.id, { onDelete: 'cascade' }),
    /** The visit's shop, kept here so the media route's owner check is one join shorter. */
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: recordMediaKindValues }).notNull(),
    label: text('label', { enum: recordMediaLabelValues }),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Videos only. */
    durationMs: integer('duration_ms'),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    /** Order within the visit. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('visit_media_kind_check', oneOf(t.kind, recordMediaKindValues)),
    check(
      'visit_media_label_check',
      sql`${t.label} is null or ${oneOf(t.label, recordMediaLabelValues)}`,
    ),
    index('visit_media_visit_idx').on(t.visitId, t.position),
    index('visit_media_shop_idx').on(t.shopId),
    uniqueIndex('visit_media_url_uq').on(t.url),
    uniqueIndex('visit_media_thumb_url_uq').on(t.thumbUrl),
  ],
);

/** The member's own layer over a visit's photo or video: memo, hidden, deleted from their pages. */
export const memberMediaStates = pgTable(
  'member_media_states',
  {
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    mediaId: ref('media_id')
      .notNull()
      .references(() => visitMedia.id, { onDelete: 'cascade' }),
    personalMemo: text('personal_memo'),
    hiddenAt: timestamptz('hidden_at'),
    /** Deleted from the member's pages for good (the salon keeps its record). */
    deletedAt: timestamptz('deleted_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.mediaId] }),
    index('member_media_states_media_idx').on(t.mediaId),
  ],
);

export interface ScalpMeasure {
  key: string;
  value: number;
  unit: string;
  normal_min: number | null;
  normal_max: number | null;
}

/** A scalp diagnosis as the smart mirror's scalp camera reports it, with the designer's memo. */
export const scalpDiagnoses = pgTable(
  'scalp_diagnoses',
  {
    id: id(),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    customerId: ref('customer_id')
      .notNull()
      .references(() => shopCustomers.id, { onDelete: 'cascade' }),
    diagnosedAt: timestamptz('diagnosed_at').notNull(),
    designerId: ref('designer_id').references(() => designers.id, { onDelete: 'set null' }),
    /** Measured values with unit and the salon's normal range (contracts: ScalpMeasureSchema). */
    measures: jsonb('measures').$type<ScalpMeasure[]>().notNull().default([]),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    index('scalp_diagnoses_customer_diagnosed_idx').on(t.customerId, t.diagnosedAt.desc()),
    index('scalp_diagnoses_shop_diagnosed_idx').on(t.shopId, t.diagnosedAt.desc()),
    index('scalp_diagnoses_designer_idx').on(t.designerId),
  ],
);

/** Microscope images of a diagnosis, in MEDIA_DIR's private `scalp/` folder. */
export const scalpImages = pgTable(
  'scalp_images',
  {
    id: id(),
    diagnosisId: ref('diagnosis_id')
      .notNull()
      .references(() => scalpDiagnoses.id, { onDelete: 'cascade' }),
    shopId: ref('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    area: text('area', { enum: scalpAreaValues }).notNull().default('other'),
    url: text('url').notNull(),
    thumbUrl: text('thumb_url').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('scalp_images_area_check', oneOf(t.area, scalpAreaValues)),
    index('scalp_images_diagnosis_idx').on(t.diagnosisId, t.position),
    index('scalp_images_shop_idx').on(t.shopId),
    uniqueIndex('scalp_images_url_uq').on(t.url),
    uniqueIndex('scalp_images_thumb_url_uq').on(t.thumbUrl),
  ],
);

/** A diagnosis the member deleted from their pages (the salon keeps its record). */
export const memberDiagnosisStates = pgTable(
  'member_diagnosis_states',
  {
    memberId: ref('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    diagnosisId: ref('diagnosis_id')
      .notNull()
      .references(() => scalpDiagnoses.id, { onDelete: 'cascade' }),
    deletedAt: timestamptz('deleted_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.diagnosisId] }),
    index('member_diagnosis_states_diagnosis_idx').on(t.diagnosisId),
  ],
);
