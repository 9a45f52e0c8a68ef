import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { and, asc, eq, inArray } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import type { Database, DbTransaction } from '../client.js';
import {
  designers,
  members,
  menus,
  notices,
  scalpDiagnoses,
  scalpImages,
  shopCustomers,
  shopLinks,
  shops,
  visitMedia,
  visitRecords,
  type ScalpMeasure,
} from '../schema/index.js';
import { portraitFor } from './artwork.js';
import { baseShape, shapesOfLength, type Gender, type Length } from './content/catalogue.js';
import { colorByCode, everydayColors } from './content/colors.js';
import { DEMO_CLIP } from './content/demo-clip.js';
import {
  jaRecordNotices,
  jaScalpMemos,
  jaVisitMemos,
  koRecordNotices,
  koScalpMemos,
  koVisitMemos,
  scalpTrends,
  type RecordNoticeText,
} from './content/records.js';
import { microscopeSvg } from './images/microscope.js';
import { portraitSvg } from './images/portrait.js';
import { Rng } from './prng.js';

/**
 * Salon records of the demo members (issue 27): each member is a customer, by phone, of a few
 * salons of their market, with visits (designer, treatments from the salon's menus, the salon's
 * memo, photos and one video), monthly scalp diagnoses at one salon, the salons' notices of
 * every type, and links with some of them. The private files go where the console API puts
 * uploads: MEDIA_DIR/records/<yyyy-mm>/<name> and MEDIA_DIR/scalp/<yyyy-mm>/<name>, with names
 * that look random but come from the seed, so a rerun writes the same files.
 *
 * Photos are drawn with the style book's portrait generator, in the customer's own face and
 * clothes (one look per visit, the previous visit's look as "before"); microscope images are
 * procedural (images/microscope.ts) and follow the diagnosis' measures; the one video is the
 * committed demo clip (content/DEMO_CLIP.md), copied, so the app never needs ffmpeg.
 */

type Executor = Database | DbTransaction;

/**
 * A seeded stream for a key. Keys here differ only in their last characters (a phone, a shop
 * id), and the first draws of such neighbouring streams come out alike (every customer had 7
 * visits), so a few are discarded first.
 */
function stream(seed: number, key: string): Rng {
  const rng = Rng.derive(seed, key);
  for (let i = 0; i < 4; i++) rng.float();
  return rng;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Both markets are UTC+9: 11:00 local is 02:00 UTC. */
const OPEN_UTC_HOUR = 2;

export const RECORD_PHOTO = { width: 600, height: 750, thumbWidth: 320, thumbHeight: 400 };
export const MICROSCOPE = { width: 480, height: 480, thumb: 240 };

export interface RecordSalonPlan {
  shopId: number;
  /** A shop_links row for the member (never for an unverified phone). */
  linked: boolean;
  /** Monthly scalp diagnoses over the last twelve months here. */
  scalp: boolean;
}

export interface RecordCustomerPlan {
  /** Canonical phone ("010-5555-0101"), the key of the salon's customer record. */
  phone: string;
  /** The name the salons know the customer by. */
  name: string;
  gender: Gender;
  market: 'kr' | 'jp';
  /** The member whose phone this is (links need one), if any. */
  memberId?: number;
  /** The hair length the customer keeps (women); men keep 'male'. */
  length: Length;
  salons: RecordSalonPlan[];
  /** Scalp profile: which way the measures drift over the year. */
  scalp?: ScalpProfileName;
}

export interface RecordsOptions {
  mediaDir: string;
  seed: number;
  epoch: Date;
  /** Write the photo, video and microscope files (false: rows only, bytes 0; for fast tests). */
  writeFiles: boolean;
}

export interface RecordsSummary {
  customers: number;
  visits: number;
  media: number;
  videos: number;
  diagnoses: number;
  scalpImages: number;
  notices: number;
  links: number;
  files: number;
  bytes: number;
}

interface SalonInfo {
  id: number;
  server: 'kr' | 'jp';
  designerIds: number[];
  menus: { name: string; category: string; gender: string }[];
}

async function salonInfo(
  db: Executor,
  shopIds: readonly number[],
): Promise<Map<number, SalonInfo>> {
  const out = new Map<number, SalonInfo>();
  if (shopIds.length === 0) return out;
  const shopRows = await db
    .select({ id: shops.id, server: shops.server })
    .from(shops)
    .where(inArray(shops.id, [...shopIds]));
  for (const s of shopRows)
    out.set(s.id, { id: s.id, server: s.server, designerIds: [], menus: [] });
  const ds = await db
    .select({ id: designers.id, shopId: designers.shopId })
    .from(designers)
    .where(and(inArray(designers.shopId, [...shopIds]), eq(designers.isActive, true)))
    .orderBy(asc(designers.id));
  for (const d of ds) out.get(d.shopId)?.designerIds.push(d.id);
  const ms = await db
    .select({
      shopId: menus.shopId,
      name: menus.name,
      category: menus.category,
      gender: menus.targetGender,
    })
    .from(menus)
    .where(and(inArray(menus.shopId, [...shopIds]), eq(menus.isActive, true)))
    .orderBy(asc(menus.id));
  for (const m of ms)
    out
      .get(m.shopId)
      ?.menus.push({ name: m.name, category: m.category, gender: m.gender ?? 'all' });
  return out;
}

// --- files -----------------------------------------------------------------------------------

const pad = (v: number) => String(v).padStart(2, '0');
const monthOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;

async function writeAtomic(path: string, data: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, path);
}

/** Names the files of one customer at one salon: random-looking, the same on every run. */
class FileNamer {
  private readonly rng: Rng;
  private readonly used = new Set<string>();
  constructor(seed: number, key: string) {
    this.rng = stream(seed, `record-files:${key}`);
  }
  next(): string {
    for (;;) {
      const name = this.rng.hex(12);
      if (!this.used.has(name)) {
        this.used.add(name);
        return name;
      }
    }
  }
}

type Job = () => Promise<number>;

async function runJobs(jobs: readonly Job[], concurrency = 3): Promise<number> {
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++] as Job;
      const written = await job();
      bytes += written;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return bytes;
}

interface Look {
  key: string;
  gender: Gender;
  length: Length;
  shape: ReturnType<typeof baseShape>;
  color: string;
}

/** One picture of the customer per look, shared by the photos cut from it. */
class LookCache {
  private readonly rasters = new Map<
    string,
    Promise<{ data: Buffer; width: number; height: number }>
  >();
  constructor(private readonly faceKey: string) {}
  get(look: Look) {
    let r = this.rasters.get(look.key);
    if (!r) {
      const spec = portraitFor(this.faceKey, look.gender, look.shape, look.color);
      const W = Math.round(RECORD_PHOTO.width * 1.25);
      const H = Math.round(RECORD_PHOTO.height * 1.25);
      r = sharp(Buffer.from(portraitSvg(spec, { width: W, height: H, crop: 'portrait' })))
        .removeAlpha()
        .raw()
        .toBuffer({ resolveWithObject: true })
        .then(({ data, info }) => ({ data, width: info.width, height: info.height }));
      this.rasters.set(look.key, r);
    }
    return r;
  }
}

type PhotoLabel = 'before' | 'after' | 'front' | 'side' | 'back' | 'detail';

/** How each label's shot is framed from the look's picture (fractions of the picture). */
const framing: Record<
  PhotoLabel,
  { zoom: number; cx: number; cy: number; flop?: boolean; light: number }
> = {
  before: { zoom: 1.05, cx: 0.5, cy: 0.5, light: 0.93 },
  after: { zoom: 1.1, cx: 0.5, cy: 0.48, light: 1.05 },
  front: { zoom: 1.25, cx: 0.5, cy: 0.45, light: 1.02 },
  side: { zoom: 1.35, cx: 0.36, cy: 0.45, flop: true, light: 1 },
  back: { zoom: 1.7, cx: 0.5, cy: 0.3, light: 0.98 },
  detail: { zoom: 2.2, cx: 0.3, cy: 0.5, light: 1.03 },
};

function photoJob(
  cache: LookCache,
  look: Look,
  label: PhotoLabel,
  mediaDir: string,
  path: string,
  thumbPath: string,
): Job {
  return async () => {
    const raster = await cache.get(look);
    const f = framing[label];
    const w = Math.round(raster.width / f.zoom);
    const h = Math.round(raster.height / f.zoom);
    const left = Math.max(0, Math.min(raster.width - w, Math.round(raster.width * f.cx - w / 2)));
    const top = Math.max(0, Math.min(raster.height - h, Math.round(raster.height * f.cy - h / 2)));
    let img: Sharp = sharp(raster.data, {
      raw: { width: raster.width, height: raster.height, channels: 3 },
    });
    if (f.flop) img = img.flop();
    const cut = await img
      .extract({ left, top, width: w, height: h })
      .resize(RECORD_PHOTO.width, RECORD_PHOTO.height)
      .modulate({ brightness: f.light, saturation: label === 'before' ? 0.85 : 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: cut.info.width, height: cut.info.height, channels: cut.info.channels },
    };
    const main = await sharp(cut.data, raw).webp({ quality: 78, effort: 1 }).toBuffer();
    const thumb = await sharp(cut.data, raw)
      .resize(RECORD_PHOTO.thumbWidth, RECORD_PHOTO.thumbHeight)
      .webp({ quality: 75, effort: 1 })
      .toBuffer();
    await writeAtomic(join(mediaDir, path), main);
    await writeAtomic(join(mediaDir, thumbPath), thumb);
    // visit_media.bytes is the size of the photo itself, as for an upload.
    return main.length;
  };
}

// --- scalp -----------------------------------------------------------------------------------

type MeasureKey =
  'density' | 'thickness' | 'sebum' | 'keratin' | 'moisture' | 'sensitivity' | 'hair_loss_risk';

interface MeasureDef {
  key: MeasureKey;
  unit: string;
  min: number | null;
  max: number | null;
  decimals: number;
  /** Physical bounds of the value. */
  floor: number;
  ceil: number;
}

const measureDefs: readonly MeasureDef[] = [
  { key: 'density', unit: 'hairs/cm²', min: 120, max: 200, decimals: 0, floor: 60, ceil: 260 },
  { key: 'thickness', unit: 'µm', min: 70, max: 100, decimals: 1, floor: 40, ceil: 130 },
  { key: 'sebum', unit: 'µg/cm²', min: 40, max: 100, decimals: 0, floor: 5, ceil: 250 },
  { key: 'keratin', unit: '%', min: 0, max: 10, decimals: 1, floor: 0, ceil: 60 },
  { key: 'moisture', unit: '%', min: 30, max: 50, decimals: 1, floor: 10, ceil: 80 },
  { key: 'sensitivity', unit: 'score', min: 0, max: 3, decimals: 1, floor: 0, ceil: 10 },
  { key: 'hair_loss_risk', unit: '%', min: 0, max: 30, decimals: 0, floor: 0, ceil: 100 },
];

/** Start value and change per month of each measure, by the customer's scalp. */
const scalpProfiles = {
  /** Oily scalp getting better with care: sebum falls back into range during the year. */
  oily: {
    start: {
      density: 158,
      thickness: 82,
      sebum: 142,
      keratin: 7,
      moisture: 34,
      sensitivity: 2.8,
      hair_loss_risk: 24,
    },
    drift: {
      density: 0.6,
      thickness: 0.2,
      sebum: -6.5,
      keratin: -0.2,
      moisture: 0.4,
      sensitivity: -0.12,
      hair_loss_risk: -0.6,
    },
  },
  /** Dry, sensitive scalp: moisture low, keratin and redness high, slowly improving. */
  dry: {
    start: {
      density: 171,
      thickness: 74,
      sebum: 36,
      keratin: 16,
      moisture: 24,
      sensitivity: 5.2,
      hair_loss_risk: 18,
    },
    drift: {
      density: 0.3,
      thickness: 0.3,
      sebum: 0.5,
      keratin: -0.7,
      moisture: 0.9,
      sensitivity: -0.25,
      hair_loss_risk: -0.3,
    },
  },
  /** Thinning: density and thickness falling, hair-loss risk rising past the range. */
  thinning: {
    start: {
      density: 132,
      thickness: 72,
      sebum: 96,
      keratin: 9,
      moisture: 36,
      sensitivity: 2.2,
      hair_loss_risk: 27,
    },
    drift: {
      density: -1.4,
      thickness: -0.45,
      sebum: 1.8,
      keratin: 0.3,
      moisture: -0.3,
      sensitivity: 0.08,
      hair_loss_risk: 1.3,
    },
  },
} as const satisfies Record<
  string,
  { start: Record<MeasureKey, number>; drift: Record<MeasureKey, number> }
>;
export type ScalpProfileName = keyof typeof scalpProfiles;

function measuresAt(profile: ScalpProfileName, month: number, rng: Rng): ScalpMeasure[] {
  const p = scalpProfiles[profile];
  return measureDefs.map((d) => {
    const spread = (d.max ?? d.ceil) - (d.min ?? d.floor);
    const raw = p.start[d.key] + p.drift[d.key] * month + rng.normalish(0, spread * 0.04);
    const f = 10 ** d.decimals;
    const value = Math.round(Math.max(d.floor, Math.min(d.ceil, raw)) * f) / f;
    return { key: d.key, value, unit: d.unit, normal_min: d.min, normal_max: d.max };
  });
}

function trendOf(measures: readonly ScalpMeasure[], previous: readonly ScalpMeasure[] | undefined) {
  const v = (k: string, list: readonly ScalpMeasure[] = measures) =>
    list.find((m) => m.key === k)?.value ?? 0;
  if (v('sensitivity') > 3) return 'sensitive' as const;
  if (v('sebum') > 100) return 'oily' as const;
  if (v('moisture') < 30 || v('keratin') > 10) return 'dry' as const;
  if (previous && v('hair_loss_risk') < v('hair_loss_risk', previous)) return 'good' as const;
  return 'steady' as const;
}

const scalpAreas = ['crown', 'front', 'left', 'right', 'back'] as const;

function microscopeJob(
  spec: Parameters<typeof microscopeSvg>[0],
  mediaDir: string,
  path: string,
  thumbPath: string,
): Job {
  return async () => {
    const raster = await sharp(Buffer.from(microscopeSvg(spec, MICROSCOPE)))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = {
      raw: { width: raster.info.width, height: raster.info.height, channels: raster.info.channels },
    };
    const main = await sharp(raster.data, raw).webp({ quality: 80, effort: 1 }).toBuffer();
    const thumb = await sharp(raster.data, raw)
      .resize(MICROSCOPE.thumb, MICROSCOPE.thumb)
      .webp({ quality: 78, effort: 1 })
      .toBuffer();
    await writeAtomic(join(mediaDir, path), main);
    await writeAtomic(join(mediaDir, thumbPath), thumb);
    return main.length + thumb.length;
  };
}

// --- the plan ----------------------------------------------------------------------------------

const womenCategories = new Set(['cut', 'perm', 'color', 'clinic', 'styling', 'scalp']);

function treatmentsFor(rng: Rng, salon: SalonInfo, gender: Gender, scalpSalon: boolean): string[] {
  const fits = salon.menus.filter((m) => m.gender === 'all' || m.gender === gender);
  const pool = fits.length > 0 ? fits : salon.menus;
  if (pool.length === 0) return [];
  const cuts = pool.filter((m) => m.category === 'cut');
  const extras = pool.filter((m) => m.category !== 'cut' && womenCategories.has(m.category));
  const out = new Set<string>();
  out.add(rng.pick(cuts.length > 0 ? cuts : pool).name);
  if (extras.length > 0 && rng.chance(0.65)) out.add(rng.pick(extras).name);
  const scalpMenus = pool.filter((m) => m.category === 'scalp');
  if (scalpSalon && scalpMenus.length > 0 && rng.chance(0.5)) out.add(rng.pick(scalpMenus).name);
  return [...out];
}

function lookFor(rng: Rng, gender: Gender, length: Length, key: string): Look {
  const len: Length = gender === 'm' ? 'male' : length;
  const shape = { ...baseShape(len), ...rng.pick(shapesOfLength(len)) };
  const code = rng.chance(0.7)
    ? rng.pick(everydayColors)
    : rng.pick([
        'ash-brown',
        'milk-tea-beige',
        'greige',
        'choco-brown',
        'pink-brown',
        'olive-beige',
      ]);
  return { key, gender, length: len, shape, color: colorByCode(code).hex };
}

const photoLabels: readonly PhotoLabel[] = ['before', 'after', 'front', 'side', 'back', 'detail'];

/**
 * Writes the records of `customers` (their salons must exist) and the salons' notices, links
 * and files. Deterministic for a given seed and input; call once per database.
 */
export async function seedSalonRecords(
  db: Executor,
  customers: readonly RecordCustomerPlan[],
  options: RecordsOptions,
): Promise<RecordsSummary> {
  const summary: RecordsSummary = {
    customers: 0,
    visits: 0,
    media: 0,
    videos: 0,
    diagnoses: 0,
    scalpImages: 0,
    notices: 0,
    links: 0,
    files: 0,
    bytes: 0,
  };
  const { epoch, mediaDir, seed } = options;
  const allShops = [...new Set(customers.flatMap((c) => c.salons.map((s) => s.shopId)))];
  const info = await salonInfo(db, allShops);
  const jobs: Job[] = [];
  const inserts: (() => Promise<void>)[] = [];

  type MediaPlan = Omit<typeof visitMedia.$inferInsert, 'visitId'>;
  type ImagePlan = Omit<typeof scalpImages.$inferInsert, 'diagnosisId'>;
  const mediaBytes = new Map<MediaPlan, Job>();

  for (const customer of customers) {
    // The customer's face and clothes, and the few looks their hair goes through: each visit
    // leaves with one of them ("after") and came with the one before ("before"). A handful of
    // drawings per customer keeps the seed fast; the shots are framed differently per label.
    const cache = new LookCache(`customer:${customer.phone}`);
    const lookRng = stream(seed, `looks:${customer.phone}`);
    const palette = Array.from({ length: 4 }, (_, j) =>
      lookFor(lookRng, customer.gender, customer.length, `${customer.phone}:${j}`),
    );
    const linkedSalons = customer.salons.filter((s) => s.linked && customer.memberId !== undefined);
    // The video goes to the newest visit at the first linked salon (or the first salon).
    const videoSalon = (linkedSalons[0] ?? customer.salons[0])?.shopId;
    for (const plan of customer.salons) {
      const salon = info.get(plan.shopId);
      if (!salon || salon.designerIds.length === 0) continue;
      if (salon.server !== customer.market)
        throw new Error(`salon ${salon.id} is not in the ${customer.market} market`);
      const key = `${customer.phone}:${salon.id}`;
      const rng = stream(seed, `records:${key}`);
      const names = new FileNamer(seed, key);
      const ko = customer.market === 'kr';
      const customerRow: typeof shopCustomers.$inferInsert = {
        shopId: salon.id,
        phone: customer.phone,
        name: customer.name,
        createdAt: new Date(epoch.getTime() - 560 * DAY),
        updatedAt: new Date(epoch.getTime() - 560 * DAY),
      };
      summary.customers++;

      // 4–8 visits over the last 18 months, at least three weeks apart, newest last.
      const count = rng.int(4, 8);
      const days: number[] = [];
      let tries = 0;
      while (days.length < count && tries++ < 500) {
        const d = rng.int(6, 540);
        if (days.every((x) => Math.abs(x - d) >= 21)) days.push(d);
      }
      days.sort((a, b) => b - a);
      const regular = rng.pick(salon.designerIds);
      const memos = ko ? koVisitMemos : jaVisitMemos;
      let previous = rng.pick(palette);
      const visitRows: Omit<typeof visitRecords.$inferInsert, 'customerId'>[] = [];
      const visitMediaPlans: MediaPlan[][] = [];
      days.forEach((daysAgo, i) => {
        const visitedAt = new Date(
          epoch.getTime() -
            daysAgo * DAY +
            (OPEN_UTC_HOUR + rng.int(0, 7)) * HOUR +
            rng.pick([0, 30]) * 60_000,
        );
        const look = rng.pick(palette.filter((l) => l !== previous));
        visitRows.push({
          shopId: salon.id,
          visitedAt,
          designerId: rng.chance(0.75) ? regular : rng.pick(salon.designerIds),
          treatments: treatmentsFor(rng, salon, customer.gender, plan.scalp),
          shopMemo: rng.pick(memos),
          createdAt: new Date(visitedAt.getTime() + 2 * HOUR),
          updatedAt: new Date(visitedAt.getTime() + 2 * HOUR),
        });
        const month = monthOf(visitedAt);
        const photos = rng.weighted<number>([
          [2, 3],
          [3, 3],
          [4, 2],
          [5, 1],
          [6, 1],
        ]);
        const list: MediaPlan[] = [];
        for (let k = 0; k < photos; k++) {
          const label = photoLabels[k] as PhotoLabel;
          const path = `records/${month}/${names.next()}.webp`;
          const thumbPath = `records/${month}/${names.next()}.webp`;
          const row: MediaPlan = {
            shopId: salon.id,
            kind: 'photo',
            label,
            url: `/media/${path}`,
            thumbUrl: `/media/${thumbPath}`,
            mimeType: 'image/webp',
            width: RECORD_PHOTO.width,
            height: RECORD_PHOTO.height,
            durationMs: null,
            bytes: 0,
            position: k,
            createdAt: new Date(visitedAt.getTime() + (90 + k) * 60_000),
          };
          list.push(row);
          mediaBytes.set(
            row,
            photoJob(cache, label === 'before' ? previous : look, label, mediaDir, path, thumbPath),
          );
        }
        if (salon.id === videoSalon && i === days.length - 1) {
          const path = `records/${month}/${names.next()}.mp4`;
          const posterPath = `records/${month}/${names.next()}.webp`;
          const row: MediaPlan = {
            shopId: salon.id,
            kind: 'video',
            label: 'after',
            url: `/media/${path}`,
            thumbUrl: `/media/${posterPath}`,
            mimeType: DEMO_CLIP.mime,
            width: DEMO_CLIP.width,
            height: DEMO_CLIP.height,
            durationMs: DEMO_CLIP.durationMs,
            bytes: 0,
            position: photos,
            createdAt: new Date(visitedAt.getTime() + 100 * 60_000),
          };
          list.push(row);
          mediaBytes.set(row, async () => {
            const src = join(import.meta.dirname, 'content');
            await mkdir(dirname(join(mediaDir, path)), { recursive: true });
            await copyFile(join(src, DEMO_CLIP.file), join(mediaDir, path));
            await copyFile(join(src, DEMO_CLIP.poster), join(mediaDir, posterPath));
            return (await stat(join(mediaDir, path))).size;
          });
          summary.videos++;
        }
        visitMediaPlans.push(list);
        previous = look;
      });

      // Scalp diagnoses: monthly over the last twelve months, oldest first.
      const diagnosisRows: Omit<typeof scalpDiagnoses.$inferInsert, 'customerId'>[] = [];
      const imagePlans: ImagePlan[][] = [];
      if (plan.scalp) {
        const profile = customer.scalp ?? 'oily';
        const scalpMemos = ko ? koScalpMemos : jaScalpMemos;
        const trends = scalpTrends[ko ? 'ko' : 'ja'];
        const hair = colorByCode(customer.gender === 'm' ? 'natural-black' : 'dark-brown').hex;
        let last: ScalpMeasure[] | undefined;
        for (let m = 0; m < 12; m++) {
          const monthsAgo = 11 - m;
          const at = new Date(
            Date.UTC(
              epoch.getUTCFullYear(),
              epoch.getUTCMonth() - monthsAgo,
              rng.int(3, 26),
              OPEN_UTC_HOUR + rng.int(0, 6),
            ),
          );
          const measures = measuresAt(profile, m, rng);
          const trend = trendOf(measures, last);
          last = measures;
          diagnosisRows.push({
            shopId: salon.id,
            diagnosedAt: at,
            designerId: regular,
            measures,
            memo: rng.pick(scalpMemos).replace('{trend}', trends[trend]),
            createdAt: new Date(at.getTime() + 20 * 60_000),
          });
          const v = (k: string) => measures.find((x) => x.key === k)?.value ?? 0;
          const count = rng.int(2, 4);
          const areas = rng.sample(scalpAreas, count);
          const list: ImagePlan[] = [];
          const month = monthOf(at);
          areas.forEach((area, k) => {
            const path = `scalp/${month}/${names.next()}.webp`;
            const thumbPath = `scalp/${month}/${names.next()}.webp`;
            const row: ImagePlan = {
              shopId: salon.id,
              area,
              url: `/media/${path}`,
              thumbUrl: `/media/${thumbPath}`,
              width: MICROSCOPE.width,
              height: MICROSCOPE.height,
              position: k,
              createdAt: new Date(at.getTime() + (10 + k) * 60_000),
            };
            list.push(row);
            jobs.push(
              microscopeJob(
                {
                  key: `${key}:${m}:${area}`,
                  strands: (v('density') / 14) * (area === 'crown' ? 0.85 : 1),
                  strandWidth: v('thickness') / 4,
                  oil: Math.max(0, Math.min(1, (v('sebum') - 30) / 120)),
                  flakes: Math.max(0, Math.min(1, v('keratin') / 22)),
                  redness: Math.max(0, Math.min(1, v('sensitivity') / 8)),
                  hair,
                },
                mediaDir,
                path,
                thumbPath,
              ),
            );
          });
          imagePlans.push(list);
        }
      }

      // Files are drawn all together below (their sizes go into the rows), then the rows.
      for (const row of visitMediaPlans.flat()) {
        const job = mediaBytes.get(row) as Job;
        jobs.push(async () => {
          row.bytes = await job();
          return row.bytes;
        });
        summary.files += 2;
      }
      summary.files += imagePlans.flat().length * 2;
      const link =
        plan.linked && customer.memberId !== undefined
          ? {
              memberId: customer.memberId,
              shopId: salon.id,
              phone: customer.phone,
              linkedAt: new Date(epoch.getTime() - rng.int(20, 120) * DAY),
            }
          : undefined;
      inserts.push(async () => {
        const [inserted] = await db
          .insert(shopCustomers)
          .values(customerRow)
          .returning({ id: shopCustomers.id });
        const customerId = (inserted as { id: number }).id;
        const visitIds = await db
          .insert(visitRecords)
          .values(visitRows.map((v) => ({ ...v, customerId })))
          .returning({ id: visitRecords.id });
        const mediaRows = visitMediaPlans.flatMap((list, i) =>
          list.map((row) => ({ ...row, visitId: (visitIds[i] as { id: number }).id })),
        );
        if (mediaRows.length > 0) await db.insert(visitMedia).values(mediaRows);
        summary.visits += visitRows.length;
        summary.media += mediaRows.length;
        if (diagnosisRows.length > 0) {
          const diagnosisIds = await db
            .insert(scalpDiagnoses)
            .values(diagnosisRows.map((d) => ({ ...d, customerId })))
            .returning({ id: scalpDiagnoses.id });
          const imageRows = imagePlans.flatMap((list, i) =>
            list.map((row) => ({ ...row, diagnosisId: (diagnosisIds[i] as { id: number }).id })),
          );
          if (imageRows.length > 0) await db.insert(scalpImages).values(imageRows);
          summary.diagnoses += diagnosisRows.length;
          summary.scalpImages += imageRows.length;
        }
        if (link) {
          await db.insert(shopLinks).values(link);
          summary.links++;
        }
      });
    }
  }
  if (options.writeFiles) summary.bytes = await runJobs(jobs, 4);
  else summary.files = 0;
  for (const insert of inserts) await insert();
  summary.notices = await seedRecordNotices(db, allShops, info, options);
  return summary;
}

/** Shops that already got their record notices (the e2e world adds salons to the demo's). */
async function seedRecordNotices(
  db: Executor,
  shopIds: readonly number[],
  info: Map<number, SalonInfo>,
  { epoch, seed }: RecordsOptions,
): Promise<number> {
  const rows: (typeof notices.$inferInsert)[] = [];
  const have = new Set(
    shopIds.length === 0
      ? []
      : (
          await db
            .select({ shopId: notices.shopId })
            .from(notices)
            .where(and(inArray(notices.shopId, [...shopIds]), eq(notices.audience, 'linked')))
        ).map((r) => r.shopId),
  );
  for (const shopId of [...shopIds].sort((a, b) => a - b)) {
    const salon = info.get(shopId);
    if (!salon || have.has(shopId)) continue;
    const rng = stream(seed, `record-notices:${shopId}`);
    const texts = salon.server === 'kr' ? koRecordNotices : jaRecordNotices;
    const at = (daysAgo: number) =>
      new Date(epoch.getTime() - daysAgo * DAY - rng.int(1, 8) * HOUR);
    const add = (
      text: RecordNoticeText,
      audience: 'all' | 'linked',
      published: Date,
      validity?: { from: Date; until: Date },
    ) =>
      rows.push({
        shopId,
        type: text.type,
        title: text.title,
        body: text.body,
        audience,
        publishedAt: published,
        validFrom: validity?.from ?? null,
        validUntil: validity?.until ?? null,
        createdAt: published,
      });
    add(texts.news, 'linked', at(rng.int(3, 10)));
    add(texts.update, 'all', at(rng.int(12, 30)));
    // Valid for the demo's next year and more; the expired one ended two months before the epoch.
    const validFrom = at(rng.int(5, 15));
    add(texts.validCoupon, 'linked', validFrom, {
      from: validFrom,
      until: new Date(Date.UTC(epoch.getUTCFullYear() + 2, 0, 31, 14, 59, 59)),
    });
    const expiredFrom = at(rng.int(150, 170));
    add(texts.expiredCoupon, 'all', expiredFrom, {
      from: expiredFrom,
      until: new Date(epoch.getTime() - 60 * DAY),
    });
    add(texts.details, 'linked', at(rng.int(30, 60)));
  }
  if (rows.length > 0) await db.insert(notices).values(rows);
  return rows.length;
}

// --- the demo members ------------------------------------------------------------------------

/** What the README promises of each demo member's records (demo-members.ts). */
export const demoRecordMembers = [
  { phone: '010-5555-0101', gender: 'w', length: 'medium', salons: 3, scalp: 'oily' },
  { phone: '090-5555-0101', gender: 'w', length: 'bob', salons: 3, scalp: 'dry' },
  { phone: '010-5555-0102', gender: 'm', length: 'male', salons: 1, scalp: 'thinning' },
] as const;

/**
 * Picks the demo members' salons among the curated ones of their market and seeds their
 * records. A verified member's first salon is the market's first salon (the one whose console
 * key `npm start` writes to data/demo-console-key.txt for the mirror, in Korea) and stays
 * unlinked, so linking it can be tried from the salon page or the mirror's QR; the others are
 * linked, the first linked one with the scalp diagnoses. The unverified member has records at
 * one salon and no link (verification blocks linking).
 */
export async function seedDemoRecords(
  db: Executor,
  curated: readonly { shopId: number; server: 'kr' | 'jp'; designers: number; menus: number }[],
  options: RecordsOptions,
): Promise<RecordsSummary & { plans: RecordCustomerPlan[] }> {
  const found = await db
    .select({
      id: members.id,
      phone: members.phone,
      familyName: members.familyName,
      givenName: members.givenName,
      server: members.server,
      verified: members.phoneVerifiedAt,
    })
    .from(members)
    .where(
      inArray(
        members.phone,
        demoRecordMembers.map((m) => m.phone),
      ),
    );
  const usable = (server: 'kr' | 'jp') =>
    curated
      .filter((s) => s.server === server && s.designers > 0 && s.menus > 0)
      .map((s) => s.shopId)
      .sort((a, b) => a - b);
  const pools = { kr: usable('kr'), jp: usable('jp') };
  // Salons taken by an earlier member's plan, so members do not share their salons.
  const offsets = { kr: 0, jp: 0 };
  const plans: RecordCustomerPlan[] = [];
  for (const def of demoRecordMembers) {
    const member = found.find((m) => m.phone === def.phone);
    if (!member) continue;
    const market = member.server;
    const pool = pools[market];
    const verified = member.verified !== null;
    let shopIds: number[];
    if (verified) {
      // The first salon of the market, then two more further down the list.
      const first = pool[0];
      const rest = pool.slice(1 + offsets[market] * 3, 1 + offsets[market] * 3 + def.salons - 1);
      shopIds = first === undefined ? [] : [first, ...rest];
    } else {
      shopIds = pool.slice(1 + offsets[market] * 3, 1 + offsets[market] * 3 + def.salons);
    }
    offsets[market]++;
    if (shopIds.length === 0) continue;
    const salons = shopIds.map((shopId, i) => ({
      shopId,
      // One salon stays unlinked; a single salon is linked, so the member still sees records.
      linked: verified && (shopIds.length === 1 || i > 0),
      scalp: shopIds.length === 1 ? true : i === 1,
    }));
    plans.push({
      phone: def.phone,
      name:
        market === 'kr'
          ? `${member.familyName}${member.givenName}`
          : `${member.familyName} ${member.givenName}`,
      gender: def.gender,
      market,
      memberId: member.id,
      length: def.length,
      salons,
      scalp: def.scalp,
    });
  }
  const summary = await seedSalonRecords(db, plans, options);
  return { ...summary, plans };
}
