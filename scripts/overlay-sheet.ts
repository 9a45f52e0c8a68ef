/**
 * Judge the seed's hairstyle overlays by eye on real photos (evaluation only, not shipped):
 * `npx tsx scripts/overlay-sheet.ts [--cache DIR] [--out DIR] [--styles a,b] [--yaw MODE [--strips]] [--hair-under] PHOTO...`
 *
 * 1. For each photo, runs the /bald/predict/v3 pipeline and the landmark pipeline in-process (same
 *    1024 px limits, so their coordinates agree) and caches `<name>.jpg` (bald) and
 *    `<name>.json` (points) under the cache dir (default /tmp/art/cache); cached photos skip the
 *    models.
 * 2. Renders every overlay of services/server/src/db/seed/content/hairstyles.ts, places it with
 *    the similarity transform that maps its anchor temples onto the photo's temples (what the
 *    /simulation screen does), composites it over the bald photo and writes one contact sheet per
 *    photo (`overlay-<name>.png`) and one per style (`style-<key>.png`) to the out dir.
 * `--light` shades the overlays by the photo's side light as the screen does (photo-light.ts).
 * Run from the repository root. `--stats` prints the median landmark layout in the temple frame (to check the canonical head).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import sharp from 'sharp';
import { headEllipse, type BaldFacePoints } from '../services/ml/src/bald/bald.js';
import { predictBald } from '../services/ml/src/bald/pipeline.js';
import { hairstyleDefs } from '../services/server/src/db/seed/content/hairstyles.js';
import { hairstyleAnchor } from '../services/server/src/lib/hair-overlay/canonical-head.js';
import { renderHairstyle } from '../services/server/src/lib/hair-overlay/render.js';
import { loadModels, predictLandmarks, type Models } from '../services/ml/src/pipelines.js';
import {
  applySplit,
  opaqueBottoms,
  opaqueBounds,
  placeOverlaySplit,
  splitStrips,
} from '../apps/web/src/features/simulation/placement.js';
import {
  applyPhotoLight,
  estimatePhotoLight,
} from '../apps/web/src/features/simulation/photo-light.js';
import { hairBasePixels, meanColourHex } from '../apps/web/src/features/simulation/tint.js';

type P = [number, number];
interface Cached {
  width: number;
  height: number;
  /** Head pose in degrees (the landmark response's `rotation`); older caches lack it. */
  rotation?: { roll: number; yaw: number; pitch: number };
  points: {
    leftTemple: P;
    rightTemple: P;
    hairline: P;
    chin: P;
    foreheadTop: P;
    noseTip: P;
    leftCheek: P;
    rightCheek: P;
    leftEye: { center: P };
    rightEye: { center: P };
    leftEyebrow: P[];
    rightEyebrow: P[];
    faceOval: P[];
  };
}

const args = process.argv.slice(2);
function option(name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 ? (args.splice(i, 2)[1] ?? fallback) : fallback;
}
const cacheDir = option('--cache', '/tmp/art/cache');
const outDir = option('--out', '/tmp/art/sheets');
const styleFilter = option('--styles', '');
const statsIndex = args.indexOf('--stats');
const stats = statsIndex >= 0 ? (args.splice(statsIndex, 1), true) : false;
const cacheOnly = args.includes('--cache-only')
  ? (args.splice(args.indexOf('--cache-only'), 1), true)
  : false;
/**
 * Placement for turned faces: none | cos | shift | skull | oval | fit | split | warp (see
 * placement()) | screen (the /simulation screen's own, `placeOverlaySplit`).
 */
const yawMode = option('--yaw', 'none');
/** With `--yaw screen`: draw the stage's strips (and the back band's drop) instead of knots. */
const strips = args.includes('--strips') ? (args.splice(args.indexOf('--strips'), 1), true) : false;
/** `--light`: shade each overlay by the photo's side light, as the screen does (photo-light.ts). */
const withLight = args.includes('--light')
  ? (args.splice(args.indexOf('--light'), 1), true)
  : false;
const big = args.includes('--big') ? (args.splice(args.indexOf('--big'), 1), true) : false;
/**
 * `--hair-under`: as the screen does, the person's own hair (tinted to each style's colour) laid
 * under the style where the bald photo's scalp map is (needs a cache made with this version).
 */
const withHairUnder = args.includes('--hair-under')
  ? (args.splice(args.indexOf('--hair-under'), 1), true)
  : false;
mkdirSync(cacheDir, { recursive: true });
mkdirSync(outDir, { recursive: true });
const limits = { maxBytes: 20_000_000, maxPixels: 40_000_000, minSide: 64, maxSide: 1024 };

let models: Models | undefined;
const photos: { name: string; file: string; bald: string; scalp: string; data: Cached }[] = [];
for (const file of args) {
  const name = basename(file).replace(/\.\w+$/, '');
  const jsonPath = join(cacheDir, `${name}.json`);
  const baldPath = join(cacheDir, `${name}.jpg`);
  const scalpPath = join(cacheDir, `${name}.scalp.png`);
  if (!existsSync(jsonPath) || (withHairUnder && !existsSync(scalpPath))) {
    models ??= await loadModels();
    const bytes = readFileSync(file);
    try {
      const started = performance.now();
      const bald = await predictBald(models, bytes, limits);
      const lm = await predictLandmarks(models, bytes, limits);
      writeFileSync(baldPath, bald.image);
      writeFileSync(scalpPath, bald.scalp);
      const data: Cached = {
        width: bald.width,
        height: bald.height,
        points: lm.landmark.points,
        rotation: lm.landmark.rotation,
      };
      writeFileSync(jsonPath, JSON.stringify(data));
      console.log(name, `${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      console.log(name, 'failed:', error instanceof Error ? error.message : String(error));
      writeFileSync(jsonPath, 'null');
      continue;
    }
  }
  const data = JSON.parse(readFileSync(jsonPath, 'utf8')) as Cached | null;
  if (data && !data.rotation && yawMode === 'cos') {
    models ??= await loadModels();
    data.rotation = (await predictLandmarks(models, readFileSync(file), limits)).landmark.rotation;
    writeFileSync(jsonPath, JSON.stringify(data));
  }
  if (data) photos.push({ name, file, bald: baldPath, scalp: scalpPath, data });
}

/** The photo's points in the temple frame: origin = temple midpoint, x along the temples, unit = temple distance. */
function toTempleFrame(d: Cached, p: P): P {
  const { leftTemple: a, rightTemple: b } = d.points;
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const ux = b[0] - a[0];
  const uy = b[1] - a[1];
  const len2 = ux * ux + uy * uy;
  const dx = p[0] - mx;
  const dy = p[1] - my;
  return [(dx * ux + dy * uy) / len2, (-dx * uy + dy * ux) / len2];
}

if (stats) {
  const sums = new Map<string, { x: number[]; y: number[] }>();
  const add = (k: string, p: P) => {
    const s = sums.get(k) ?? { x: [], y: [] };
    s.x.push(p[0]);
    s.y.push(p[1]);
    sums.set(k, s);
  };
  for (const { data } of photos) {
    const pts = data.points;
    const f = (p: P) => toTempleFrame(data, p);
    add('hairline', f(pts.hairline));
    add('chin', f(pts.chin));
    add('foreheadTop', f(pts.foreheadTop));
    add('noseTip', f(pts.noseTip));
    add('leftCheek', f(pts.leftCheek));
    add('rightCheek', f(pts.rightCheek));
    add('leftEye', f(pts.leftEye.center));
    add('rightEye', f(pts.rightEye.center));
    pts.leftEyebrow.forEach((p, i) => add(`lbrow${i}`, f(p)));
    pts.rightEyebrow.forEach((p, i) => add(`rbrow${i}`, f(p)));
    pts.faceOval.forEach((p, i) => add(`oval${i}`, f(p)));
    // The bald service's skull ellipse, in temple units: its half width, and its half width at
    // the temples' height (what a style's outline has to cover there).
    const head = headEllipse(pts as unknown as BaldFacePoints);
    const td = Math.hypot(
      pts.rightTemple[0] - pts.leftTemple[0],
      pts.rightTemple[1] - pts.leftTemple[1],
    );
    const c = f(head.center);
    const v = c[1] * td; // the temples lie this far above the centre, photo px
    const room = Math.max(0, 1 - (Math.max(0, v) / head.halfHeightUp) ** 2);
    add('skullHalfW', [head.halfWidth / td, head.halfHeightUp / td]);
    add('skullAtTemple', [(head.halfWidth * Math.sqrt(room)) / td, c[0]]);
    add('skullCenter', c);
  }
  const med = (v: number[]) => v.slice().sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const out: Record<string, [number, number, number]> = {};
  const p80 = (v: number[]) => v.slice().sort((a, b) => a - b)[Math.floor(v.length * 0.8)]!;
  for (const [k, s] of sums) out[k] = [med(s.x), med(s.y), p80(s.x)];
  console.log(`photos: ${photos.length}`);
  for (const [k, v] of Object.entries(out))
    console.log(k.padEnd(12), v.map((n) => n.toFixed(3)).join(' '));
}
if (cacheOnly || stats) process.exit(0);

const anchor = hairstyleAnchor();
const styles = hairstyleDefs.filter(
  (d) => !styleFilter || styleFilter.split(',').some((f) => d.key.startsWith(f)),
);
const overlays = styles.map((d) => {
  const started = performance.now();
  const img = renderHairstyle(d.key, d.shape);
  console.log(d.key, `${Math.round(performance.now() - started)} ms`);
  return { def: d, img };
});

// The overlays alone, on grey, with the canonical points.
{
  const tileW = big ? 800 : 400;
  const tileH = big ? 1000 : 500;
  const cols = Math.min(4, overlays.length);
  const rows = Math.ceil(overlays.length / cols);
  const dot = (x: number, y: number) =>
    `<circle cx="${x}" cy="${y}" r="5" fill="#e33" stroke="#fff" stroke-width="1.5"/>`;
  const marks = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${anchor.board.width}" height="${anchor.board.height}">${[
      anchor.leftTemple,
      anchor.rightTemple,
      anchor.hairline,
      anchor.chin,
    ]
      .map(([x, y]) => dot(x, y))
      .join('')}</svg>`,
  );
  const tiles = await Promise.all(
    overlays.map(async ({ img }) =>
      sharp({
        create: {
          width: img.width,
          height: img.height,
          channels: 4,
          background: '#c9c4bd',
        },
      })
        .composite([
          { input: img.data, raw: { width: img.width, height: img.height, channels: 4 } },
          { input: marks },
        ])
        .png()
        .toBuffer()
        .then((png) => sharp(png).resize(tileW, tileH).png().toBuffer()),
    ),
  );
  await sharp({
    create: { width: cols * tileW, height: rows * tileH, channels: 3, background: '#fff' },
  })
    .composite(
      tiles.map((input, k) => ({
        input,
        left: (k % cols) * tileW,
        top: Math.floor(k / cols) * tileH,
      })),
    )
    .png()
    .toFile(join(outDir, 'boards.png'));
}

/**
 * Where the overlay goes: the board's centre line at the temples' height (board x = centre of the
 * anchor temples) lands on `origin`; board x runs along `axis` (unit), board y along its normal;
 * `left`/`right`/`vertical` are photo pixels per canonical temple distance on the image-left
 * half, the image-right half and vertically. A similarity transform has all three equal.
 */
interface Placement {
  origin: P;
  axis: P;
  /**
   * Across the head: board offsets from the centre line (temple units, increasing) and the
   * photo offsets along `axis` they land on (pixels, increasing); linear between the knots and
   * beyond them with the end segments' slopes. A similarity transform: [-1, 1] → [-unit, unit].
   */
  knots: { board: number[]; photo: number[] };
  vertical: number;
}

/** Photo offset ↔ board offset through the knots (piecewise linear, extrapolated). */
function piecewise(from: number[], to: number[], v: number): number {
  let i = 0;
  while (i < from.length - 2 && v > from[i + 1]!) i++;
  const t = (v - from[i]!) / (from[i + 1]! - from[i]!);
  return to[i]! + t * (to[i + 1]! - to[i]!);
}

/** Canonical extents at about the temples' height, temple units (harness --stats, 21 photos). */
const CANON = { oval: 0.58, skull: 0.825 };

/**
 * The placement for a face, by mode (turned faces; see docs/hairstyles.md):
 * - none: the temple similarity transform;
 * - cos: ...widened by 1 / cos(yaw) about the temples' midpoint (the screen's placement.ts);
 * - shift: the temples' midpoint moved away from the nose by half the nose's sideways offset
 *   from the cheeks' midpoint, the scale widened by 0.8 × that offset / face width;
 * - skull: centred on and sized by the bald service's skull ellipse (bald.ts headEllipse);
 * - oval: centred on and sized by the face oval's extreme points near the temples' height;
 * - fit: the smallest similarity (never smaller than the temples') whose face opening holds the
 *   face oval on both sides and whose outline covers the bald skull ellipse on both sides;
 * - split: each half of the overlay scaled on its own from the face's midline (forehead), so
 *   that side's opening holds the oval and its outline covers the skull (two transforms);
 * - warp: across the head a piecewise-linear map per side from the midline: the canonical face
 *   opening's edge (±0.58) lands on the oval's extreme point, the canonical skull edge (±0.825)
 *   on the bald skull ellipse's edge (four vertical strips, each a linear map).
 */
function placement(pts: Cached['points'], mode: string, yaw = 0): Placement {
  const a = pts.leftTemple;
  const b = pts.rightTemple;
  const td = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const axis: P = [(b[0] - a[0]) / td, (b[1] - a[1]) / td];
  const mid: P = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
  const along = (p: P) => (p[0] - mid[0]) * axis[0] + (p[1] - mid[1]) * axis[1];
  const across = (p: P) => -(p[0] - mid[0]) * axis[1] + (p[1] - mid[1]) * axis[0];
  const at = (centre: number): P => [mid[0] + axis[0] * centre, mid[1] + axis[1] * centre];
  const similar = (centre: number, unit: number): Placement => ({
    origin: at(centre),
    axis,
    knots: { board: [-1, 1], photo: [-unit, unit] },
    vertical: unit,
  });
  if (mode === 'none') return similar(0, td);
  // What apps/web placement.ts does today: the temples widened by 1 / cos(yaw), yaw ≤ 50°.
  if (mode === 'cos')
    return similar(0, td / Math.cos((Math.min(50, Math.abs(yaw)) * Math.PI) / 180));
  const near = pts.faceOval.filter((p) => across(p) / td > -0.15);
  const ovalLo = Math.min(...near.map(along));
  const ovalHi = Math.max(...near.map(along));
  const head = headEllipse(pts as unknown as BaldFacePoints);
  const skullLo = along(head.center) - head.halfWidth;
  const skullHi = along(head.center) + head.halfWidth;
  if (mode === 'shift') {
    const cheekMid = (along(pts.leftCheek) + along(pts.rightCheek)) / 2;
    const face = along(pts.rightCheek) - along(pts.leftCheek);
    const n = along(pts.noseTip) - cheekMid;
    return similar(-n * 0.5, td * (1 + (0.8 * Math.abs(n)) / face));
  }
  if (mode === 'skull')
    return similar(along(head.center), Math.max(td, head.halfWidth / CANON.skull));
  if (mode === 'oval')
    return similar((ovalLo + ovalHi) / 2, Math.max(td, (ovalHi - ovalLo) / 2 / CANON.oval));
  if (mode === 'fit') {
    // m ± o·S must hold the oval, m ± k·S cover the skull: S from every pair of sides.
    const o = CANON.oval;
    const k = CANON.skull;
    const unit = Math.max(
      td,
      (ovalHi - ovalLo) / (2 * o),
      (skullHi - skullLo) / (2 * k),
      (ovalHi - skullLo) / (o + k),
      (skullHi - ovalLo) / (o + k),
    );
    const lo = Math.max(ovalHi - o * unit, skullHi - k * unit);
    const hi = Math.min(ovalLo + o * unit, skullLo + k * unit);
    return similar((lo + hi) / 2, unit);
  }
  // split and warp: from the face's midline (the forehead's top point, mesh 10).
  const c = along(pts.foreheadTop);
  const o = CANON.oval;
  const k = CANON.skull;
  if (mode === 'split') {
    // Each side between 0.75 and 2 temple distances (the skull estimate of a near-profile
    // face is unreliable); the height grows with the mean, at most by 30 %.
    const side = (oval: number, skull: number) =>
      Math.min(td * 2, Math.max(td * 0.75, oval / o, skull / k));
    const left = side(c - ovalLo, c - skullLo);
    const right = side(ovalHi - c, skullHi - c);
    return {
      origin: at(c),
      axis,
      knots: { board: [-1, 0, 1], photo: [-left, 0, right] },
      vertical: Math.min(td * 1.3, Math.max(td, (left + right) / 2)),
    };
  }
  // warp: on each side the face opening's edge goes to the oval and the outline to the skull.
  const minSlope = td * 0.5;
  const oL = Math.max(c - ovalLo, minSlope * o);
  const oR = Math.max(ovalHi - c, minSlope * o);
  const sL = Math.max(c - skullLo, oL + minSlope * (k - o));
  const sR = Math.max(skullHi - c, oR + minSlope * (k - o));
  return {
    origin: at(c),
    axis,
    knots: { board: [-k, -o, 0, o, k], photo: [-sL, -oL, 0, oR, sR] },
    vertical: Math.max(td, (oL + oR) / (2 * o)),
  };
}

/**
 * The /simulation screen's own automatic placement (`placeOverlaySplit` of
 * apps/web/src/features/simulation/placement.ts) as knots: its strips' stretches about the
 * centre line, its rotation as the axis.
 */
function screenPlacement(data: Cached, width: number, height: number): Placement {
  const board = anchor.board;
  const placed = placeOverlaySplit(
    anchor,
    board,
    { image: { width, height }, ...data.points, yaw: data.rotation?.yaw ?? 0 },
    { width, height },
  );
  if (!placed) throw new Error('no placement');
  const boardT = anchor.rightTemple[0] - anchor.leftTemple[0];
  const cy = (anchor.leftTemple[1] + anchor.rightTemple[1]) / 2;
  const vertical = placed.scale * boardT;
  const angle = (placed.rotation * Math.PI) / 180;
  // Board offsets (temple units) → photo offsets along the axis, through the strips' stretches.
  const at = (b: number) => applySplit(placed, [placed.centreX + b * boardT, cy]);
  const origin = at(0);
  const axis: P = [Math.cos(angle), Math.sin(angle)];
  const offset = (b: number) => {
    const q = at(b);
    return (q[0] - origin[0]) * axis[0] + (q[1] - origin[1]) * axis[1];
  };
  const band = Math.min(placed.band / boardT, 1.5);
  const board5 = [-2, -band, 0, band, 2];
  return {
    origin,
    axis,
    knots: { board: board5, photo: board5.map(offset) },
    vertical,
  };
}

/**
 * Where each photo pixel takes its overlay pixel from (board pixels; null: nowhere), and the
 * largest photo pixels per board pixel (the overlay is downscaled to that first, as a browser
 * does when it draws a large image small).
 */
interface SourceMap {
  at: (x: number, y: number) => [number, number] | null;
  widest: number;
}

/** The knot placements (every mode but `screen`): piecewise across, one scale down. */
function knotSource(data: Cached, width: number, height: number): SourceMap {
  const pl =
    yawMode === 'screen'
      ? screenPlacement(data, width, height)
      : placement(data.points, yawMode, data.rotation?.yaw ?? 0);
  const boardT = anchor.rightTemple[0] - anchor.leftTemple[0];
  const { board: kb, photo: kp } = pl.knots;
  const bx0 = (anchor.leftTemple[0] + anchor.rightTemple[0]) / 2;
  const by0 = (anchor.leftTemple[1] + anchor.rightTemple[1]) / 2;
  const [ox, oy] = pl.origin;
  const [ux, uy] = pl.axis;
  return {
    widest:
      Math.max(pl.vertical, ...kb.slice(1).map((b, i) => (kp[i + 1]! - kp[i]!) / (b - kb[i]!))) /
      boardT,
    at: (x, y) => {
      const dx = x - ox;
      const dy = y - oy;
      const u = dx * ux + dy * uy;
      const v = -dx * uy + dy * ux;
      return [bx0 + piecewise(kp, kb, u) * boardT, by0 + (v / pl.vertical) * boardT];
    },
  };
}

/**
 * The screen's own drawing (`--yaw screen --strips`): `placeOverlaySplit` with the hair's column
 * bottoms, drawn strip by strip as the stage's Konva image nodes are (`splitStrips`).
 */
function stripSource(
  data: Cached,
  width: number,
  height: number,
  full: { width: number; height: number; data: Buffer },
): SourceMap {
  const pixels = new Uint8ClampedArray(full.data.buffer, full.data.byteOffset, full.data.length);
  const hair = opaqueBounds(pixels, full.width, full.height, 24);
  const placed = placeOverlaySplit(
    anchor,
    full,
    { image: { width, height }, ...data.points, yaw: data.rotation?.yaw ?? 0 },
    { width, height },
    opaqueBottoms(pixels, full.width, full.height, 24),
  );
  if (!placed || !hair) throw new Error('no placement');
  if (placed.drop) console.log(`  drop ${JSON.stringify(placed.drop)}`);
  const strips = splitStrips(placed, hair);
  const angle = (placed.rotation * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    widest: placed.scale * Math.max(...strips.map((s) => Math.max(s.scaleX, s.scaleY))),
    at: (x, y) => {
      const dx = x - placed.x;
      const dy = y - placed.y;
      const gx = (dx * cos + dy * sin) / placed.scale;
      const gy = (-dx * sin + dy * cos) / placed.scale;
      const strip = strips.find(
        (s) =>
          gx >= s.x &&
          gx < s.x + s.crop.width * s.scaleX &&
          gy >= s.y &&
          gy < s.y + s.crop.height * s.scaleY,
      );
      if (!strip) return null;
      return [
        strip.crop.x + (gx - strip.x) / strip.scaleX,
        strip.crop.y + (gy - strip.y) / strip.scaleY,
      ];
    },
  };
}

/** The overlay warped onto the photo, composited over `base`. */
async function place(
  base: Buffer,
  width: number,
  height: number,
  full: { width: number; height: number; data: Buffer },
  data: Cached,
): Promise<Buffer> {
  const out = Buffer.from(base);
  const map = strips ? stripSource(data, width, height, full) : knotSource(data, width, height);
  const sw = Math.max(8, Math.round(full.width * Math.min(1, map.widest)));
  const sh = Math.max(8, Math.round(full.height * Math.min(1, map.widest)));
  const img = {
    width: sw,
    height: sh,
    data: await sharp(full.data, { raw: { width: full.width, height: full.height, channels: 4 } })
      .resize(sw, sh, { fit: 'fill' })
      .raw()
      .toBuffer(),
  };
  const fx0 = sw / full.width;
  const fy0 = sh / full.height;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const source = map.at(x, y);
      if (!source) continue;
      const sx = source[0] * fx0 - 0.5;
      const sy = source[1] * fy0 - 0.5;
      if (sx < 0 || sy < 0 || sx >= img.width - 1 || sy >= img.height - 1) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      let a = 0;
      const c: [number, number, number] = [0, 0, 0];
      for (const [ox2, oy2, w] of [
        [0, 0, (1 - fx) * (1 - fy)],
        [1, 0, fx * (1 - fy)],
        [0, 1, (1 - fx) * fy],
        [1, 1, fx * fy],
      ] as const) {
        const i = ((y0 + oy2) * img.width + x0 + ox2) * 4;
        const aw = (img.data[i + 3]! / 255) * w;
        a += aw;
        c[0] += img.data[i]! * aw;
        c[1] += img.data[i + 1]! * aw;
        c[2] += img.data[i + 2]! * aw;
      }
      if (a <= 0) continue;
      const o = (y * width + x) * 3;
      for (let k2 = 0; k2 < 3; k2++) out[o + k2] = Math.round(c[k2]! + out[o + k2]! * (1 - a));
    }
  return out;
}

const tile = big ? { width: 600, height: 750 } : { width: 300, height: 375 };
const perStyle = new Map<string, Buffer[]>();
/** Writes tiles (each `tile` sized) as a contact sheet, up to 6 per row, to a PNG file. */
async function writeSheet(tiles: Buffer[], path: string): Promise<void> {
  const cols = Math.min(6, tiles.length);
  const rows = Math.ceil(tiles.length / cols);
  await sharp({
    create: {
      width: cols * tile.width,
      height: rows * tile.height,
      channels: 3,
      background: '#fff',
    },
  })
    .composite(
      tiles.map((input, k) => ({
        input,
        left: (k % cols) * tile.width,
        top: Math.floor(k / cols) * tile.height,
      })),
    )
    .png()
    .toFile(path);
}
for (const photo of photos) {
  const { data } = photo;
  const base = await sharp(photo.bald).removeAlpha().raw().toBuffer();
  const { width, height } = data;
  const [lx, ly] = data.points.leftTemple;
  const [rx, ry] = data.points.rightTemple;
  const td = Math.hypot(rx - lx, ry - ly);
  const cx = (lx + rx) / 2;
  const cy = (ly + ry) / 2;
  // Crop: 3.2 T wide, 4 T tall around the head (long hair runs below).
  const cw = td * 3.2;
  const ch = cw * (tile.height / tile.width);
  const left = Math.round(cx - cw / 2);
  const top = Math.round(cy - td * 1.35);
  const crop = async (pixels: Buffer) => {
    const ext = {
      left: Math.max(0, left),
      top: Math.max(0, top),
      width: Math.min(width, left + Math.round(cw)) - Math.max(0, left),
      height: Math.min(height, top + Math.round(ch)) - Math.max(0, top),
    };
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .extract(ext)
      .resize(tile.width, tile.height, { fit: 'contain', background: '#fff' })
      .png()
      .toBuffer();
  };
  const tiles = [await crop(base)];
  // The original photo and the scalp map as RGBA at the bald photo's size (for --hair-under).
  const rgba = async (input: string) =>
    new Uint8ClampedArray(
      await sharp(input)
        .rotate()
        .resize(width, height, { fit: 'fill' })
        .ensureAlpha()
        .raw()
        .toBuffer(),
    );
  const under = withHairUnder
    ? { photo: await rgba(photo.file), scalp: await rgba(photo.scalp) }
    : null;
  const light = withLight
    ? estimatePhotoLight({ data: await rgba(photo.file), width, height }, data.points)
    : null;
  if (withLight) console.log(photo.name, 'light', light ? light.x.toFixed(2) : 'none');
  for (const { def, img: drawn } of overlays) {
    let img = drawn;
    if (light && light.x !== 0) {
      const box = opaqueBounds(new Uint8ClampedArray(drawn.data), drawn.width, drawn.height, 24);
      const centreX = (anchor.leftTemple[0] + anchor.rightTemple[0]) / 2;
      const halfWidth = box ? Math.max(centreX - box.x, box.x + box.width - centreX) : centreX;
      const lit = applyPhotoLight(new Uint8ClampedArray(drawn.data), drawn.width, light, {
        centreX,
        halfWidth,
      });
      img = { ...drawn, data: Buffer.from(lit.buffer, lit.byteOffset, lit.byteLength) };
    }
    let styleBase = base;
    const colour = under && meanColourHex(new Uint8ClampedArray(img.data), 24);
    if (under && colour) {
      const hair = hairBasePixels(under.photo, under.scalp, colour);
      styleBase = Buffer.from(base);
      for (let i = 0; i < width * height; i++) {
        const a = hair[i * 4 + 3]! / 255;
        for (let c = 0; c < 3; c++)
          styleBase[i * 3 + c] = Math.round(base[i * 3 + c]! * (1 - a) + hair[i * 4 + c]! * a);
      }
    }
    const t = await crop(await place(styleBase, width, height, img, data));
    tiles.push(t);
    const list = perStyle.get(def.key) ?? [];
    list.push(t);
    perStyle.set(def.key, list);
  }
  await writeSheet(tiles, join(outDir, `overlay-${photo.name}.png`));
}
for (const [key, tiles] of perStyle) await writeSheet(tiles, join(outDir, `style-${key}.png`));
process.exit(0);
