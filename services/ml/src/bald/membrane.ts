/**
 * Membrane (Laplace) fill: the smoothest surface that meets the known pixels around a hole.
 * Solves Δf = 0 on the unknown pixels with the known pixels as Dirichlet boundary; pixels
 * labelled `excluded` are neither solved nor used (a Neumann, zero-flux edge), so a fill can be
 * told to continue only the skin (or only the background) around it.
 *
 * Multigrid-style: the problem is coarsened by 2× until it is small, solved there, and each finer
 * level starts from the upsampled coarser solution and runs a few successive-over-relaxation
 * sweeps, so a hole hundreds of pixels wide converges in tens of sweeps per level instead of
 * thousands. Pure and synchronous: no I/O, no model.
 */

export const fillLabel = {
  /** Not solved and not a boundary value (zero-flux edge). */
  excluded: 0,
  /** A fixed value: the boundary of the fill. */
  known: 1,
  /** Solved for. */
  unknown: 2,
} as const;

/** The box (inclusive corners) of the pixels labelled unknown; null when there is none. */
export function unknownBox(
  labels: Uint8Array,
  width: number,
  height: number,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (labels[y * width + x] === fillLabel.unknown) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
  return x1 < 0 ? null : { x0, y0, x1, y1 };
}

export interface MembraneOptions {
  /** Stop coarsening when the shorter side is at most this (default 12). */
  coarsestSide?: number;
  /** SOR sweeps on every level but the coarsest and the finest (default 24). */
  sweeps?: number;
  /** SOR sweeps on the finest level, where they are dearest (default 10). */
  finestSweeps?: number;
  /** SOR sweeps on the coarsest level (default 300). */
  coarsestSweeps?: number;
  /** Over-relaxation factor, 1 = Gauss-Seidel (default 1.85). */
  omega?: number;
}

interface Level {
  values: Float32Array;
  labels: Uint8Array;
  width: number;
  height: number;
}

/**
 * Fills `values` (row-major, `channels` interleaved) in place at the pixels labelled
 * `unknown`; every other pixel is left untouched. An unknown region that touches no known pixel
 * gets the mean of all known pixels (or 0 when there are none).
 */
export function membraneFill(
  values: Float32Array,
  width: number,
  height: number,
  channels: number,
  labels: Uint8Array,
  options: MembraneOptions = {},
): void {
  if (values.length !== width * height * channels || labels.length !== width * height)
    throw new RangeError('membraneFill: array sizes do not match width × height × channels');
  let hasUnknown = false;
  for (let i = 0; i < labels.length; i++)
    if (labels[i] === fillLabel.unknown) {
      hasUnknown = true;
      break;
    }
  if (!hasUnknown) return;
  const opts = {
    coarsestSide: options.coarsestSide ?? 12,
    sweeps: options.sweeps ?? 24,
    finestSweeps: options.finestSweeps ?? 10,
    coarsestSweeps: options.coarsestSweeps ?? 300,
    omega: options.omega ?? 1.85,
  };
  const solvable = fillIsolated(values, width, height, channels, labels);
  solveLevel({ values, labels: solvable, width, height }, channels, opts);
}

/**
 * Unknown regions that touch no known pixel get the mean of all known pixels; returns the labels
 * with those regions marked excluded so the solver leaves them alone.
 */
function fillIsolated(
  values: Float32Array,
  width: number,
  height: number,
  channels: number,
  labels: Uint8Array,
): Uint8Array {
  const seen = new Uint8Array(labels.length);
  // The flood's stack; a component's members are the stack's pops, kept in `members` in order.
  const stack = new Int32Array(labels.length);
  const members = new Int32Array(labels.length);
  let out = labels;
  let mean: Float64Array | null = null;
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] !== fillLabel.unknown || seen[start]) continue;
    // Flood the component, remembering whether it touches a known pixel.
    let top = 0;
    let size = 0;
    let touchesKnown = false;
    stack[top++] = start;
    seen[start] = 1;
    while (top > 0) {
      const i = stack[--top]!;
      members[size++] = i;
      const x = i % width;
      for (let n = 0; n < 4; n++) {
        if ((n === 0 && x === 0) || (n === 1 && x === width - 1)) continue;
        const j = n === 0 ? i - 1 : n === 1 ? i + 1 : n === 2 ? i - width : i + width;
        if (j < 0 || j >= labels.length) continue;
        if (labels[j] === fillLabel.known) touchesKnown = true;
        else if (labels[j] === fillLabel.unknown && !seen[j]) {
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    if (touchesKnown || size === 0) continue;
    if (!mean) {
      mean = new Float64Array(channels);
      let count = 0;
      for (let i = 0; i < labels.length; i++)
        if (labels[i] === fillLabel.known) {
          for (let c = 0; c < channels; c++) mean[c]! += values[i * channels + c]!;
          count++;
        }
      for (let c = 0; c < channels; c++) mean[c] = count > 0 ? mean[c]! / count : 0;
    }
    if (out === labels) out = labels.slice();
    for (let k = 0; k < size; k++) {
      const i = members[k]!;
      out[i] = fillLabel.excluded;
      for (let c = 0; c < channels; c++) values[i * channels + c] = mean[c]!;
    }
  }
  return out;
}

function solveLevel(
  level: Level,
  channels: number,
  opts: Required<MembraneOptions>,
  finest = true,
): void {
  const { values, labels, width, height } = level;
  const unknown = unknownIndices(labels);
  if (unknown.length === 0) return;
  if (Math.min(width, height) <= opts.coarsestSide) {
    initialiseWithKnownMean(level, channels, unknown);
    sor(level, channels, unknown, opts.coarsestSweeps, opts.omega);
    return;
  }
  const coarse = coarsen(level, channels);
  solveLevel(coarse, channels, opts, false);
  // Start from the coarse solution (bilinear), then smooth out what coarsening got wrong.
  const cw = coarse.width;
  const ch = coarse.height;
  for (let k = 0; k < unknown.length; k++) {
    const i = unknown[k]!;
    const x = i % width;
    const y = (i - x) / width;
    const fx = Math.min(Math.max((x + 0.5) / 2 - 0.5, 0), cw - 1);
    const fy = Math.min(Math.max((y + 0.5) / 2 - 0.5, 0), ch - 1);
    const x0 = Math.floor(fx);
    const y0 = Math.floor(fy);
    const x1 = Math.min(x0 + 1, cw - 1);
    const y1 = Math.min(y0 + 1, ch - 1);
    const tx = fx - x0;
    const ty = fy - y0;
    const j00 = y0 * cw + x0;
    const j01 = y0 * cw + x1;
    const j10 = y1 * cw + x0;
    const j11 = y1 * cw + x1;
    // Excluded coarse cells carry no value: weight only the valid corners.
    const w00 = coarse.labels[j00] !== fillLabel.excluded ? (1 - tx) * (1 - ty) : 0;
    const w01 = coarse.labels[j01] !== fillLabel.excluded ? tx * (1 - ty) : 0;
    const w10 = coarse.labels[j10] !== fillLabel.excluded ? (1 - tx) * ty : 0;
    const w11 = coarse.labels[j11] !== fillLabel.excluded ? tx * ty : 0;
    const wsum = w00 + w01 + w10 + w11;
    const cv = coarse.values;
    for (let c = 0; c < channels; c++) {
      values[i * channels + c] =
        wsum > 0
          ? (w00 * cv[j00 * channels + c]! +
              w01 * cv[j01 * channels + c]! +
              w10 * cv[j10 * channels + c]! +
              w11 * cv[j11 * channels + c]!) /
            wsum
          : cv[j00 * channels + c]!;
    }
  }
  sor(level, channels, unknown, finest ? opts.finestSweeps : opts.sweeps, opts.omega);
}

function unknownIndices(labels: Uint8Array): Int32Array {
  let n = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i] === fillLabel.unknown) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let i = 0; i < labels.length; i++) if (labels[i] === fillLabel.unknown) out[n++] = i;
  return out;
}

function initialiseWithKnownMean(level: Level, channels: number, unknown: Int32Array): void {
  const { values, labels } = level;
  const sum = new Float64Array(channels);
  let count = 0;
  for (let i = 0; i < labels.length; i++)
    if (labels[i] === fillLabel.known) {
      for (let c = 0; c < channels; c++) sum[c]! += values[i * channels + c]!;
      count++;
    }
  for (let k = 0; k < unknown.length; k++)
    for (let c = 0; c < channels; c++)
      values[unknown[k]! * channels + c] = count > 0 ? sum[c]! / count : 0;
}

/**
 * One coarser level: a cell is known when any of its 2×2 children is known (value: their mean),
 * else unknown when any child is unknown, else excluded.
 */
function coarsen(level: Level, channels: number): Level {
  const { values, labels, width, height } = level;
  const cw = Math.ceil(width / 2);
  const chh = Math.ceil(height / 2);
  const cValues = new Float32Array(cw * chh * channels);
  const cLabels = new Uint8Array(cw * chh);
  const acc = new Float64Array(channels);
  for (let cy = 0; cy < chh; cy++)
    for (let cx = 0; cx < cw; cx++) {
      acc.fill(0);
      let known = 0;
      let unknownChildren = 0;
      for (let dy = 0; dy < 2; dy++) {
        const y = 2 * cy + dy;
        if (y >= height) continue;
        for (let dx = 0; dx < 2; dx++) {
          const x = 2 * cx + dx;
          if (x >= width) continue;
          const i = y * width + x;
          const label = labels[i];
          if (label === fillLabel.known) {
            known++;
            for (let c = 0; c < channels; c++) acc[c]! += values[i * channels + c]!;
          } else if (label === fillLabel.unknown) unknownChildren++;
        }
      }
      const j = cy * cw + cx;
      if (known > 0) {
        cLabels[j] = fillLabel.known;
        for (let c = 0; c < channels; c++) cValues[j * channels + c] = acc[c]! / known;
      } else cLabels[j] = unknownChildren > 0 ? fillLabel.unknown : fillLabel.excluded;
    }
  return { values: cValues, labels: cLabels, width: cw, height: chh };
}

/** Successive over-relaxation sweeps of the 5-point Laplacian over the unknown pixels. */
function sor(
  level: Level,
  channels: number,
  unknown: Int32Array,
  sweeps: number,
  omega: number,
): void {
  const { values, labels, width, height } = level;
  const n = unknown.length;
  // Neighbours that take part (known or unknown), precomputed once: 4 slots per pixel, -1 = none.
  const nb = new Int32Array(n * 4);
  for (let k = 0; k < n; k++) {
    const i = unknown[k]!;
    const x = i % width;
    const y = (i - x) / width;
    const o = k * 4;
    nb[o] = x > 0 && labels[i - 1] !== fillLabel.excluded ? i - 1 : -1;
    nb[o + 1] = x < width - 1 && labels[i + 1] !== fillLabel.excluded ? i + 1 : -1;
    nb[o + 2] = y > 0 && labels[i - width] !== fillLabel.excluded ? i - width : -1;
    nb[o + 3] = y < height - 1 && labels[i + width] !== fillLabel.excluded ? i + width : -1;
  }
  for (let sweep = 0; sweep < sweeps; sweep++) {
    for (let k = 0; k < n; k++) {
      const i = unknown[k]!;
      const a = nb[k * 4]!;
      const b = nb[k * 4 + 1]!;
      const c2 = nb[k * 4 + 2]!;
      const d = nb[k * 4 + 3]!;
      // The fills' RGB at a pixel with all four neighbours (most of them), unrolled and without
      // a branch: the same sums in the same order as below, so the same values.
      if (channels === 3 && a >= 0 && b >= 0 && c2 >= 0 && d >= 0) {
        const o = i * 3;
        const a3 = a * 3;
        const b3 = b * 3;
        const c3 = c2 * 3;
        const d3 = d * 3;
        const r = values[o]!;
        values[o] = r + omega * ((values[a3]! + values[b3]! + values[c3]! + values[d3]!) / 4 - r);
        const g = values[o + 1]!;
        values[o + 1] =
          g +
          omega * ((values[a3 + 1]! + values[b3 + 1]! + values[c3 + 1]! + values[d3 + 1]!) / 4 - g);
        const bl = values[o + 2]!;
        values[o + 2] =
          bl +
          omega *
            ((values[a3 + 2]! + values[b3 + 2]! + values[c3 + 2]! + values[d3 + 2]!) / 4 - bl);
        continue;
      }
      const count = (a >= 0 ? 1 : 0) + (b >= 0 ? 1 : 0) + (c2 >= 0 ? 1 : 0) + (d >= 0 ? 1 : 0);
      if (count === 0) continue;
      for (let c = 0; c < channels; c++) {
        let s = 0;
        if (a >= 0) s += values[a * channels + c]!;
        if (b >= 0) s += values[b * channels + c]!;
        if (c2 >= 0) s += values[c2 * channels + c]!;
        if (d >= 0) s += values[d * channels + c]!;
        const o = i * channels + c;
        const old = values[o]!;
        values[o] = old + omega * (s / count - old);
      }
    }
  }
}
