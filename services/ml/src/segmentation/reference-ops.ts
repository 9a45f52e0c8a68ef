/**
 * Plain-TypeScript reference implementations of MediaPipe's three custom TFLite operators,
 * written from the semantics of mediapipe/util/tflite/operations/*.cc (NHWC, float32). The
 * converter's tests run the ONNX translation of each operator against these.
 */

export type Shape4 = [number, number, number, number];

export interface PoolParams {
  /** 1 = SAME, 2 = VALID (TfLitePadding) */
  padding: 1 | 2;
  strideH: number;
  strideW: number;
  filterH: number;
  filterW: number;
}

const offset = (s: Shape4, b: number, y: number, x: number, c: number) =>
  ((b * s[1] + y) * s[2] + x) * s[3] + c;

/** Output size of a pooling window sweep (TensorFlow's GetWindowedOutputSize). */
export function pooledSize(size: number, filter: number, stride: number, padding: 1 | 2): number {
  return padding === 1
    ? Math.floor((size + stride - 1) / stride)
    : Math.floor((size - filter + stride) / stride);
}

/** tflite::ComputePadding */
const computePadding = (stride: number, inSize: number, filter: number, outSize: number) =>
  Math.max(0, Math.floor(((outSize - 1) * stride + filter - inSize) / 2));

/**
 * MaxPoolingWithArgmax2D: the maximum of each window and its position inside the window,
 * `dy * filter_w + dx + 0.1` as a float; the first strict maximum in row-major order wins.
 */
export function maxPoolWithArgmax(
  input: Float32Array,
  shape: Shape4,
  p: PoolParams,
): { output: Float32Array; indices: Float32Array; shape: Shape4 } {
  const [n, h, w, c] = shape;
  const oh = pooledSize(h, p.filterH, p.strideH, p.padding);
  const ow = pooledSize(w, p.filterW, p.strideW, p.padding);
  const padH = computePadding(p.strideH, h, p.filterH, oh);
  const padW = computePadding(p.strideW, w, p.filterW, ow);
  const outShape: Shape4 = [n, oh, ow, c];
  const output = new Float32Array(n * oh * ow * c);
  const indices = new Float32Array(output.length);
  for (let b = 0; b < n; b++) {
    for (let oy = 0; oy < oh; oy++) {
      for (let ox = 0; ox < ow; ox++) {
        for (let ch = 0; ch < c; ch++) {
          const y0 = oy * p.strideH - padH;
          const x0 = ox * p.strideW - padW;
          let max = -Number.MAX_VALUE;
          let best = 0;
          for (let fy = Math.max(0, -y0); fy < Math.min(p.filterH, h - y0); fy++) {
            for (let fx = Math.max(0, -x0); fx < Math.min(p.filterW, w - x0); fx++) {
              const v = input[offset(shape, b, y0 + fy, x0 + fx, ch)]!;
              if (v > max) {
                max = v;
                best = fy * p.filterW + fx;
              }
            }
          }
          const o = offset(outShape, b, oy, ox, ch);
          output[o] = max;
          indices[o] = best + 0.1;
        }
      }
    }
  }
  return { output, indices, shape: outShape };
}

/**
 * MaxUnpooling2D: scatters each input value to the window position its index names; the
 * output is `filter` times larger and zero elsewhere.
 */
export function maxUnpooling(
  input: Float32Array,
  indices: Float32Array,
  shape: Shape4,
  p: PoolParams,
): { output: Float32Array; shape: Shape4 } {
  const [n, h, w, c] = shape;
  const outShape: Shape4 = [n, h * p.filterH, w * p.filterW, c];
  const padH = computePadding(p.strideH, outShape[1], p.filterH, h);
  const padW = computePadding(p.strideW, outShape[2], p.filterW, w);
  const output = new Float32Array(n * outShape[1] * outShape[2] * c);
  for (let b = 0; b < n; b++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let ch = 0; ch < c; ch++) {
          const i = offset(shape, b, y, x, ch);
          const idx = Math.trunc(indices[i]!);
          const oy = y * p.strideH - padH + Math.floor(idx / p.filterW);
          const ox = x * p.strideW - padW + (idx % p.filterW);
          output[offset(outShape, b, oy, ox, ch)] = input[i]!;
        }
      }
    }
  }
  return { output, shape: outShape };
}

/**
 * Convolution2DTransposeBias: transposed convolution with OHWI weights plus a bias; SAME
 * padding removes `max(0, k - (in - 1) % stride - 1)` rows/columns, the smaller half first.
 */
export function transposeConvBias(
  input: Float32Array,
  shape: Shape4,
  weights: Float32Array,
  weightShape: Shape4,
  bias: Float32Array,
  p: { padding: 1 | 2; strideH: number; strideW: number },
): { output: Float32Array; shape: Shape4 } {
  const [n, h, w, ci] = shape;
  const [co, kh, kw] = weightShape;
  const padH = p.padding === 1 ? Math.max(0, kh - ((h - 1) % p.strideH) - 1) : 0;
  const padW = p.padding === 1 ? Math.max(0, kw - ((w - 1) % p.strideW) - 1) : 0;
  const outShape: Shape4 = [
    n,
    p.strideH * (h - 1) + kh - padH,
    p.strideW * (w - 1) + kw - padW,
    co,
  ];
  const output = new Float32Array(n * outShape[1] * outShape[2] * co);
  for (let b = 0; b < n; b++) {
    for (let y = 0; y < outShape[1]; y++) {
      for (let x = 0; x < outShape[2]; x++) {
        for (let o = 0; o < co; o++) output[offset(outShape, b, y, x, o)] = bias[o]!;
      }
    }
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let i = 0; i < ci; i++) {
          const v = input[offset(shape, b, y, x, i)]!;
          for (let fy = 0; fy < kh; fy++) {
            for (let fx = 0; fx < kw; fx++) {
              const oy = y * p.strideH - Math.floor(padH / 2) + fy;
              const ox = x * p.strideW - Math.floor(padW / 2) + fx;
              if (oy < 0 || ox < 0 || oy >= outShape[1] || ox >= outShape[2]) continue;
              for (let o = 0; o < co; o++) {
                output[offset(outShape, b, oy, ox, o)]! +=
                  v * weights[offset(weightShape, o, fy, fx, i)]!;
              }
            }
          }
        }
      }
    }
  }
  return { output, shape: outShape };
}
