import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';

/**
 * The ML service (base `ml`, default `/ml-api`; spec section 7). Photos travel as a multipart
 * file part named `photo` (JPEG, PNG, WebP or AVIF; EXIF orientation honoured; nothing kept).
 * Coordinates are pixels of the photo as displayed (after EXIF rotation), at the size given in
 * `image` (large photos are scaled down to the service's working size first).
 */

/** A file part: a Blob/File in the browser, a Buffer (Uint8Array) once the server parsed it. */
export const PhotoUploadSchema = z.custom<Blob | Uint8Array>(
  (value) => value instanceof Uint8Array || (typeof Blob !== 'undefined' && value instanceof Blob),
  { message: 'VALIDATION_FAILED' },
);

const Point2Schema = z.tuple([z.number(), z.number()]);
const Point3Schema = z.tuple([z.number(), z.number(), z.number()]);

export const FaceLandmarksSchema = z.object({
  /** Box around the face mesh. */
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  /** Detector confidence, 0..1. */
  score: z.number(),
  /** Head pose in degrees: roll (in-plane tilt, clockwise positive), yaw (turn), pitch (nod). */
  rotation: z.object({ roll: z.number(), yaw: z.number(), pitch: z.number() }),
  /** The 468-point MediaPipe face mesh, [x, y, z] (z: relative depth, same scale as x). */
  mesh: z.array(Point3Schema),
  /** 10 iris points (5 per eye, image-left eye first), or empty. */
  iris: z.array(Point3Schema),
  /** Named points; `left`/`right` are the image's sides. */
  points: z.object({
    faceOval: z.array(Point2Schema),
    foreheadTop: Point2Schema,
    /** Estimated (rule of facial thirds): the mesh ends below the hairline. */
    hairline: Point2Schema,
    chin: Point2Schema,
    noseTip: Point2Schema,
    leftTemple: Point2Schema,
    rightTemple: Point2Schema,
    leftCheek: Point2Schema,
    rightCheek: Point2Schema,
    leftEye: z.object({ center: Point2Schema, contour: z.array(Point2Schema) }),
    rightEye: z.object({ center: Point2Schema, contour: z.array(Point2Schema) }),
    leftEyebrow: z.array(Point2Schema),
    rightEyebrow: z.array(Point2Schema),
    mouth: z.object({ left: Point2Schema, right: Point2Schema }),
  }),
});
export type FaceLandmarks = z.infer<typeof FaceLandmarksSchema>;

/** What the photo check may say (ADR 037); the web explains each and how to retake the photo. */
export const photoFindingCodes = [
  'head_yaw',
  'head_pitch',
  'head_roll',
  'face_small',
  'face_cut_off',
  'head_cut_off',
  'hair_over_eyes',
  'hair_over_face',
  'several_faces',
  'face_dark',
  'face_bright',
] as const;
export type PhotoFindingCode = (typeof photoFindingCodes)[number];

/**
 * Will the photo work for the try-on? `findings` lists what will not work well (empty: `ok`),
 * each with the measured value and the limit it crossed; `measures` every value measured (null
 * where it could not be: no hair network). Never a refusal: the person may go
 * on.
 */
export const PhotoCheckSchema = z.object({
  ok: z.boolean(),
  findings: z.array(
    z.object({
      code: z.enum(photoFindingCodes),
      value: z.number(),
      limit: z.number(),
    }),
  ),
  measures: z.object({
    yaw: z.number(),
    pitch: z.number(),
    roll: z.number(),
    faceShare: z.number(),
    facePx: z.number(),
    ovalOutside: z.number(),
    crownAbove: z.number(),
    hairOverEyes: z.number().nullable(),
    hairOverBrows: z.number().nullable(),
    hairOverFace: z.number().nullable(),
    otherFaces: z.number().int(),
    faceLuma: z.number().nullable(),
    /** How far the person's own hair reaches below the chin, in face heights. */
    hairBelowChin: z.number().nullable(),
  }),
});
export type PhotoCheck = z.infer<typeof PhotoCheckSchema>;

/**
 * Face landmarks of a photo (spec 3: simulation state `landmark`). No usable face (none,
 * several, too small, turned away) answers FACE_RECOGNITION_FAILED. `check` (added, ADR 037):
 * whether the photo will work well for the try-on.
 */
export const predictFaceLandmark = defineEndpoint({
  base: 'ml',
  path: '/face-landmark/predict/v1',
  summary: 'Face landmarks (468-point mesh, named points, box, head pose) of one face in a photo',
  tag: 'ml',
  access: 'public',
  envelope: 'main',
  request: z.object({ photo: PhotoUploadSchema }),
  response: z.object({
    /** Size of the (EXIF-rotated, possibly scaled-down) photo the coordinates refer to. */
    image: z.object({ width: z.number().int(), height: z.number().int() }),
    landmark: FaceLandmarksSchema,
    check: PhotoCheckSchema,
  }),
});

export const hairColorFormats = ['jpeg', 'webp'] as const;

/**
 * The photo with its hair recoloured toward `color` (spec 7: returns an image blob). Success is
 * the image itself (`image/jpeg` or `image/webp`); failures are the usual JSON error envelope.
 */
export const predictHairColor = defineEndpoint({
  base: 'ml',
  path: '/hair-color/predict/v1',
  summary: 'The photo with its hair recoloured (OKLab, texture kept), as an image',
  tag: 'ml',
  access: 'public',
  envelope: 'main',
  responseType: 'blob',
  request: z.object({
    photo: PhotoUploadSchema,
    /** Target colour, sRGB hex. */
    color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
    /** 0..1, how far the hair moves toward the colour (default 1). */
    strength: z.coerce.number().min(0).max(1).default(1),
    format: z.enum(hairColorFormats).default('jpeg'),
  }),
  response: z.object({}),
});

/**
 * The soft hair matte of the photo, for the browser's live colour preview: an 8-bit
 * greyscale PNG of the processed photo's size (255 = hair), the very matte /hair-color/predict/v1
 * recolours with (same landmark-guided segmentation). Success is the image itself; failures are
 * the usual JSON error envelope (FACE_RECOGNITION_FAILED when there is no usable face).
 */
export const predictHairMask = defineEndpoint({
  base: 'ml',
  path: '/hair-mask/predict/v1',
  summary: 'The soft hair matte the recolour uses, as an 8-bit greyscale PNG',
  tag: 'ml',
  access: 'public',
  envelope: 'main',
  responseType: 'blob',
  request: z.object({ photo: PhotoUploadSchema }),
  response: z.object({}),
});

/** The skull outline the bald image was shaped with (photo pixels): an upper half-ellipse. */
export const HeadEllipseSchema = z.object({
  center: Point2Schema,
  /** Unit vector from the chin toward the top of the head. */
  up: Point2Schema,
  halfWidth: z.number(),
  /** Centre to the top of the skull. */
  halfHeightUp: z.number(),
  /** Centre down to where the skull's outline is rounded off. */
  halfHeightDown: z.number(),
});

/**
 * Bangs removal (spec 3: simulation state `baldImage`; spec 5: selecting a hairstyle removes the
 * bangs first). The photo with the hair over the forehead and around the face replaced — skin
 * continued inside the head, background outside — so a hairstyle overlay can be laid on a clean
 * head, plus the mask of the replaced pixels. No usable face answers FACE_RECOGNITION_FAILED;
 * a photo without hair comes back unchanged with an empty mask.
 */
export const predictBald = defineEndpoint({
  base: 'ml',
  path: '/bald/predict/v3',
  summary: 'The photo with the hair removed (bald head, bangs removed) and the removal mask',
  tag: 'ml',
  access: 'public',
  envelope: 'main',
  request: z.object({ photo: PhotoUploadSchema }),
  response: z.object({
    /** Size of the (EXIF-rotated, possibly scaled-down) photo both images have. */
    image: z.object({ width: z.number().int(), height: z.number().int() }),
    /** `data:image/jpeg;base64,…` — the photo with the hair removed. */
    baldImage: z.string().startsWith('data:image/jpeg;base64,'),
    /** `data:image/png;base64,…` — 8-bit greyscale, 255 where pixels were replaced. */
    mask: z.string().startsWith('data:image/png;base64,'),
    /**
     * `data:image/png;base64,…` — 8-bit greyscale, 255 where hair on the head beside and behind
     * the face, above the temple line, became scalp skin: the bald head a hairstyle should cover
     * (the try-on lays the person's own hair, tinted to the style, under the overlay there).
     */
    scalp: z.string().startsWith('data:image/png;base64,'),
    head: HeadEllipseSchema,
  }),
});
