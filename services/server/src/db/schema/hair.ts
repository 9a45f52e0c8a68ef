import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { StyleAnchor } from '@carol/contracts';
import { genderValues, id, lengthValues, oneOf } from './columns.js';

export const hairToneValues = [
  'natural',
  'brown',
  'ash',
  'red',
  'pink',
  'blue',
  'purple',
  'blonde',
  'grey',
] as const;
export const hairResourceKindValues = ['style', 'color'] as const;

export const hairColors = pgTable(
  'hair_colors',
  {
    id: id(),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    nameJa: text('name_ja').notNull(),
    /** sRGB, e.g. #6b3e2e */
    hex: text('hex').notNull(),
    tone: text('tone', { enum: hairToneValues }).notNull(),
    popularity: integer('popularity').notNull().default(0),
    isHot: boolean('is_hot').notNull().default(false),
    imageUrl: text('image_url'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('hair_colors_hex_check', sql`${t.hex} ~ '^#[0-9a-fA-F]{6}$'`),
    check('hair_colors_tone_check', oneOf(t.tone, hairToneValues)),
    index('hair_colors_hot_idx')
      .on(t.popularity.desc())
      .where(sql`${t.isHot}`),
  ],
);

/** Overlays for the simulation: hairstyles drawn over the face, colour swatches. */
export const hairResources = pgTable(
  'hair_resources',
  {
    id: id(),
    kind: text('kind', { enum: hairResourceKindValues }).notNull(),
    gender: text('gender', { enum: genderValues }).notNull(),
    length: text('length', { enum: lengthValues }),
    nameKo: text('name_ko').notNull(),
    nameEn: text('name_en').notNull(),
    nameJa: text('name_ja').notNull(),
    imageUrl: text('image_url').notNull(),
    maskUrl: text('mask_url'),
    /** Styles: where the canonical head sits on the overlay image (see `StyleAnchor`). */
    anchor: jsonb('anchor').$type<StyleAnchor>(),
    /** Colours: the swatch's sRGB hex. */
    hex: text('hex'),
    /** Where the image comes from and under which licence (recorded for every resource). */
    origin: text('origin').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    check('hair_resources_kind_check', oneOf(t.kind, hairResourceKindValues)),
    check('hair_resources_gender_check', oneOf(t.gender, genderValues)),
    check(
      'hair_resources_length_check',
      sql`${t.length} is null or ${oneOf(t.length, lengthValues)}`,
    ),
    check('hair_resources_hex_check', sql`${t.hex} is null or ${t.hex} ~ '^#[0-9a-fA-F]{6}$'`),
    check(
      'hair_resources_kind_fields_check',
      sql`(${t.kind} = 'style' and ${t.anchor} is not null) or (${t.kind} = 'color' and ${t.hex} is not null)`,
    ),
    index('hair_resources_lookup_idx')
      .on(t.kind, t.gender, t.sort)
      .where(sql`${t.isActive}`),
  ],
);
