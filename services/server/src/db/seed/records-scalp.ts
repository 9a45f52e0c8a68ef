import type { scalpDiagnoses, scalpImages, ScalpMeasure } from '../schema/index.js';
import type { Gender } from './content/catalogue.js';
import { colorByCode } from './content/colors.js';
import { jaScalpMemos, koScalpMemos, scalpTrends } from './content/records.js';
import { OPEN_UTC_HOUR } from './records-common.js';
import { MICROSCOPE, microscopeJob, monthOf, type FileNamer, type Job } from './records-media.js';
import type { Rng } from '../../lib/prng.js';

type ImagePlan = Omit<typeof scalpImages.$inferInsert, 'diagnosisId'>;

/**
 * The scalp diagnoses' measures: their normal ranges and physical bounds, and how each scalp
 * profile's values start and drift month by month.
 */

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

/**
 * Scalp diagnoses at one salon: monthly over the last twelve months, oldest first, each with two
 * to four microscope images (their files as jobs) that follow the diagnosis' measures.
 */
export function planDiagnoses({
  rng,
  profile,
  ko,
  gender,
  shopId,
  designerId,
  epoch,
  names,
  key,
  mediaDir,
  jobs,
}: {
  rng: Rng;
  profile: ScalpProfileName;
  ko: boolean;
  gender: Gender;
  shopId: number;
  /** The customer's regular designer, who does the diagnoses. */
  designerId: number;
  epoch: Date;
  names: FileNamer;
  /** The customer at the salon (the microscope images' drawing key). */
  key: string;
  mediaDir: string;
  jobs: Job[];
}) {
  const diagnosisRows: Omit<typeof scalpDiagnoses.$inferInsert, 'customerId'>[] = [];
  const imagePlans: ImagePlan[][] = [];
  const scalpMemos = ko ? koScalpMemos : jaScalpMemos;
  const trends = scalpTrends[ko ? 'ko' : 'ja'];
  const hair = colorByCode(gender === 'm' ? 'natural-black' : 'dark-brown').hex;
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
      shopId,
      diagnosedAt: at,
      designerId,
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
        shopId,
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
  return { diagnosisRows, imagePlans };
}
