import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { IdSchema, PageSchema, PageSizeSchema } from '../common.js';

// My gallery (spec sections 2, 6 and 7, shop host): members only, the member always from the
// session. Saving a simulation result is how photos get in from the web app; the list is the
// member's own photos (gallery and simulation), newest first; deleting is soft and own-ids-only.

export const galleryLimits = {
  /** Per photo; the multipart limit of the server is 15 MB per file. */
  photoMaxBytes: 15 * 1024 * 1024,
  /** Longest side of the stored image (px); larger uploads are scaled down. */
  photoMaxSide: 2048,
  thumbSide: 480,
  memoMax: 200,
  /** Ids in one delete call. */
  deleteMax: 100,
} as const;

export const gallerySourceValues = ['gallery', 'simulation'] as const;

export const GalleryItemSchema = z.object({
  media_id: z.number().int(),
  /** Where the photo came from: added to the gallery, or saved from the simulation. */
  source: z.enum(gallerySourceValues),
  url: z.string(),
  thumb_url: z.string().nullable(),
  personal_memo: z.string().nullable(),
  /** ISO 8601. */
  taken_at: z.string(),
});
export type GalleryItem = z.infer<typeof GalleryItemSchema>;

/** A file part of a multipart body: a Buffer on the server, a File/Blob in the browser. */
const UploadSchema = z.custom<Uint8Array | Blob>(
  (v) => v instanceof Uint8Array || (typeof Blob !== 'undefined' && v instanceof Blob),
  'VALIDATION_FAILED',
);

export const saveToMyGallery = defineEndpoint({
  base: 'shop',
  path: '/carol/mygallery/save_to_my_gallery',
  summary:
    'Save an image (multipart file part `photo`, e.g. a simulation result) to the signed-in member’s gallery; re-encoded without metadata',
  tag: 'gallery',
  access: 'member',
  envelope: 'shop',
  uploads: { files: { photo: 1 }, fileBytes: galleryLimits.photoMaxBytes },
  request: z.object({
    /** JPEG, PNG, WebP or AVIF; EXIF orientation applied, every metadata block dropped. */
    photo: UploadSchema,
    source: z.enum(gallerySourceValues).default('simulation'),
    personal_memo: z.string().trim().max(galleryLimits.memoMax).optional(),
  }),
  response: z.object({ item: GalleryItemSchema }),
});

export const getMyGalleryList = defineEndpoint({
  base: 'shop',
  path: '/carol/mygallery/get_my_gallery_list',
  summary: 'The signed-in member’s gallery photos, newest first, paged',
  tag: 'gallery',
  access: 'member',
  envelope: 'shop',
  request: z.object({ page: PageSchema, page_size: PageSizeSchema }),
  response: z.object({
    gallery_list: z.array(GalleryItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    has_next: z.boolean(),
  }),
});

export const deletesFromMyGallery = defineEndpoint({
  base: 'shop',
  path: '/carol/mygallery/deletes_from_my_gallery',
  summary:
    'Delete photos from the signed-in member’s gallery (repeat `media_ids`); all or nothing: an id that is not the member’s own live photo answers NOT_FOUND',
  tag: 'gallery',
  access: 'member',
  envelope: 'shop',
  request: z.object({
    media_ids: z.preprocess(
      (v): unknown[] =>
        v === undefined || v === ''
          ? []
          : Array.isArray(v)
            ? (v as unknown[])
            : typeof v === 'string'
              ? v.split(',')
              : [v],
      z.array(IdSchema).min(1).max(galleryLimits.deleteMax),
    ),
  }),
  response: z.object({ deleted_ids: z.array(z.number().int()) }),
});
