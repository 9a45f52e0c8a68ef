import {
  scalpDiagnoses,
  scalpImages,
  shopCustomers,
  shopLinks,
  visitMedia,
  visitRecords,
} from '../schema/index.js';
import { baseShape, shapesOfLength, type Gender, type Length } from './content/catalogue.js';
import { colorByCode, everydayColors } from './content/colors.js';
import { DEMO_CLIP } from './content/demo-clip.js';
import { jaVisitMemos, koVisitMemos } from './content/records.js';
import {
  DAY,
  HOUR,
  OPEN_UTC_HOUR,
  salonInfo,
  stream,
  type Executor,
  type RecordsOptions,
  type SalonInfo,
} from './records-common.js';
import {
  clipJob,
  FileNamer,
  LookCache,
  monthOf,
  photoJob,
  RECORD_PHOTO,
  runJobs,
  type Job,
  type Look,
  type PhotoLabel,
} from './records-media.js';
import { seedRecordNotices } from './records-notices.js';
import { planDiagnoses, type ScalpProfileName } from './records-scalp.js';
import type { Rng } from '../../lib/prng.js';

/**
 * Salon records of the demo members: each member is a customer, by phone, of a few
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
 *
 * This module plans the customers, visits and diagnoses and writes them; the files are in
 * records-media.ts, the scalp measures in records-scalp.ts, the notices in records-notices.ts,
 * the demo members' plans in records-demo.ts.
 */

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
          mediaBytes.set(row, clipJob(mediaDir, path, posterPath));
          summary.videos++;
        }
        visitMediaPlans.push(list);
        previous = look;
      });

      // Scalp diagnoses: monthly over the last twelve months, oldest first.
      const { diagnosisRows, imagePlans } = plan.scalp
        ? planDiagnoses({
            rng,
            profile: customer.scalp ?? 'oily',
            ko,
            gender: customer.gender,
            shopId: salon.id,
            designerId: regular,
            epoch,
            names,
            key,
            mediaDir,
            jobs,
          })
        : { diagnosisRows: [], imagePlans: [] };

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
