import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, LatSchema, LngSchema, PageSchema, PageSizeSchema } from '../common.js';
import { genderValues, lengthValues } from './hair-resources.js';
import { ShopSearchItemSchema } from './search.js';

// Style book (spec sections 2, 7 and 9): /stylebook/style/{gender}/{type}/{style}/{substyle}.
// What the four path segments mean is written down in docs/decisions/013-style-book-paths.md:
// gender w | m; type -1 = every type of the gender, else a catalogue_types id; style 0 = every
// style of the type, else a top-level catalogue_styles id of that type; substyle 0 = every
// substyle of the style, else a catalogue_styles id whose parent is the style.

export const StylebookGenderSchema = z.enum(genderValues);
export type StylebookGender = z.infer<typeof StylebookGenderSchema>;

export const catalogueKindValues = ['cut', 'perm', 'color'] as const;
export const CatalogueKindSchema = z.enum(catalogueKindValues);
export type CatalogueKind = z.infer<typeof CatalogueKindSchema>;

/** The "all types" value of the {type} path segment. */
export const ALL_TYPES = -1;
/** The "all styles / substyles" value of the {style} and {substyle} path segments. */
export const ALL_STYLES = 0;

const TypeSegmentSchema = z.coerce
  .number()
  .int()
  .refine((n) => n === ALL_TYPES || n > 0, { message: 'type_id is -1 or a positive id' });
const StyleSegmentSchema = z.coerce.number().int().min(0);

/** The path of a style-book view, as request fields. */
export const StylebookPathSchema = z.object({
  gender: StylebookGenderSchema,
  type_id: TypeSegmentSchema.default(ALL_TYPES),
  style_id: StyleSegmentSchema.default(ALL_STYLES),
  substyle_id: StyleSegmentSchema.default(ALL_STYLES),
});

/**
 * A style needs its type and a substyle its style; the segments narrow left to right. (Checked
 * by the server: request refinements do not survive the common-field merge.)
 */
export function isNarrowingPath(p: {
  type_id: number;
  style_id: number;
  substyle_id: number;
}): boolean {
  if (p.type_id === ALL_TYPES && p.style_id !== ALL_STYLES) return false;
  return !(p.style_id === ALL_STYLES && p.substyle_id !== ALL_STYLES);
}

export const CatalogueTypeSchema = z.object({
  type_id: z.number().int(),
  gender: StylebookGenderSchema,
  length: z.enum(lengthValues),
  kind: CatalogueKindSchema,
  code: z.string(),
  /** In the request language. */
  name: z.string(),
  photo_count: z.number().int(),
});
export type CatalogueType = z.infer<typeof CatalogueTypeSchema>;

export const CatalogueSubstyleSchema = z.object({
  style_id: z.number().int(),
  code: z.string(),
  name: z.string(),
  photo_count: z.number().int(),
});
export type CatalogueSubstyle = z.infer<typeof CatalogueSubstyleSchema>;

export const CatalogueStyleSchema = CatalogueSubstyleSchema.extend({
  type_id: z.number().int(),
  substyles: z.array(CatalogueSubstyleSchema),
});
export type CatalogueStyle = z.infer<typeof CatalogueStyleSchema>;

export const CataloguePhotoSchema = z.object({
  photo_id: z.number().int(),
  gender: StylebookGenderSchema,
  length: z.enum(lengthValues),
  type_id: z.number().int(),
  /** The top-level style, and the substyle when the photo has one. */
  style_id: z.number().int(),
  substyle_id: z.number().int().nullable(),
  /** "Style · Substyle" in the request language. */
  style_name: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string(),
  thumb_url: z.string().nullable(),
  like_count: z.number().int(),
  /** Always false for a visitor who is not signed in. */
  in_hair_book: z.boolean(),
});
export type CataloguePhoto = z.infer<typeof CataloguePhotoSchema>;

const PagingSchema = {
  total: z.number().int(),
  page: z.number().int(),
  has_next: z.boolean(),
};

export const getCatalogueType = defineEndpoint({
  base: 'main',
  path: '/carol/catalogue/getType',
  summary: "The style book's types of a gender (length × cut/perm/colour), localized",
  tag: 'stylebook',
  access: 'public',
  envelope: 'main',
  request: z.object({ gender: StylebookGenderSchema }),
  response: z.object({ type_list: z.array(CatalogueTypeSchema) }),
});

export const getCatalogueStyle = defineEndpoint({
  base: 'main',
  path: '/carol/catalogue/getStyle',
  summary: 'The styles and substyles of a type, and one page of photos for a style-book path',
  tag: 'stylebook',
  access: 'public',
  envelope: 'main',
  request: StylebookPathSchema.extend({ page: PageSchema, page_size: PageSizeSchema }),
  response: z.object({
    /** Empty when type_id is -1 (all types). */
    style_list: z.array(CatalogueStyleSchema),
    catalogue_list: z.array(CataloguePhotoSchema),
    ...PagingSchema,
  }),
});

export const ShareStyleSchema = z.object({
  title: z.string(),
  description: z.string(),
  image_url: z.string(),
  /** Absolute link to the photo in the style book. */
  url: z.string(),
});
export type ShareStyle = z.infer<typeof ShareStyleSchema>;

export const getShareStyle = defineEndpoint({
  base: 'main',
  path: '/carol/catalogue/getShareStyle',
  summary: "A style-book photo's public share payload (title, text, image, link)",
  tag: 'stylebook',
  access: 'public',
  envelope: 'main',
  request: z.object({ photo_id: IdSchema }),
  response: z.object({ share: ShareStyleSchema }),
});

export const PhotoDetailSchema = CataloguePhotoSchema.extend({
  type_name: z.string(),
  /** The top-level style's own name (style_name joins it with the substyle). */
  style_only_name: z.string(),
  substyle_name: z.string().nullable(),
  /** The credited salon and designer, when they are on the request server. */
  shop: z.object({ shop_id: z.number().int(), name: z.string() }).nullable(),
  designer: z.object({ designer_id: z.number().int(), name: z.string() }).nullable(),
  /** Salons of the request server that show photos of this photo's style. */
  shop_count: z.number().int(),
});
export type PhotoDetail = z.infer<typeof PhotoDetailSchema>;

export const getPhotoDetail = defineEndpoint({
  base: 'main',
  path: '/carol/catalogue/getPhotoDetail',
  summary: "One style-book photo with its style, salons that do it, and the member's hair book",
  tag: 'stylebook',
  access: 'public',
  envelope: 'main',
  request: z.object({ photo_id: IdSchema }),
  response: z.object({ detail: PhotoDetailSchema }),
});

export const getGenderHairListByShop = defineEndpoint({
  base: 'main',
  path: '/userapi/photo/genderHairListByShop',
  summary: "A salon's style-book photos by gender and style-book path, with its types",
  tag: 'stylebook',
  access: 'public',
  envelope: 'main',
  request: StylebookPathSchema.extend({
    shop_id: IdSchema,
    page: PageSchema,
    page_size: PageSizeSchema,
  }),
  response: z.object({
    /** The types this salon has photos in, for the gender. */
    type_list: z.array(CatalogueTypeSchema),
    /**
     * The salon's photos per gender, whatever the path: tells an empty salon (nothing at all)
     * from a salon with only the other gender's photos, or none of the chosen style.
     */
    gender_counts: z.object({ w: z.number().int(), m: z.number().int() }),
    catalogue_list: z.array(CataloguePhotoSchema),
    ...PagingSchema,
  }),
});

export const stylebookShopSortValues = ['distance', 'rating', 'review_count', 'photos'] as const;

export const StylebookShopItemSchema = ShopSearchItemSchema.extend({
  /** Photos of the style credited to this salon. */
  photo_count: z.number().int(),
});
export type StylebookShopItem = z.infer<typeof StylebookShopItemSchema>;

export const getShopListByStyleBook = defineEndpoint({
  base: 'main',
  path: '/carol/shop/getShopListByStyleBook',
  summary: 'Salons of the request server credited with style-book photos of a path',
  tag: 'stylebook',
  access: 'public',
  envelope: 'main',
  request: StylebookPathSchema.extend({
    /** Defaults to the request server's city centre. */
    lat: LatSchema.optional(),
    lng: LngSchema.optional(),
    /** Default: distance when lat/lng are sent, else rating. */
    sort: z.enum(stylebookShopSortValues).optional(),
    page: PageSchema,
    page_size: PageSizeSchema,
  }),
  response: z.object({ shop_list: z.array(StylebookShopItemSchema), ...PagingSchema }),
});

const HairBookRequest = z.object({ photo_id: IdSchema });
const HairBookResponse = z.object({ photo_id: z.number().int(), in_hair_book: z.boolean() });

export const addHairBook = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/add_hair_book',
  summary: "Add a style-book photo to the member's hair book (idempotent)",
  tag: 'stylebook',
  access: 'member',
  envelope: 'main',
  request: HairBookRequest,
  response: HairBookResponse,
});

export const subHairBook = defineEndpoint({
  base: 'main',
  path: '/carol/mypage/sub_hair_book',
  summary: "Remove a style-book photo from the member's hair book (idempotent)",
  tag: 'stylebook',
  access: 'member',
  envelope: 'main',
  request: HairBookRequest,
  response: HairBookResponse,
});
