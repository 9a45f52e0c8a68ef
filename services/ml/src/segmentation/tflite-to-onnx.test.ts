import { readFileSync } from 'node:fs';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { defaultModelPath } from './model.js';
import {
  maxPoolWithArgmax,
  maxUnpooling,
  pooledSize,
  transposeConvBias,
  type PoolParams,
  type Shape4,
} from './reference-ops.js';
import { FbTable, readTflite, TensorType, type TfliteModel, type TfliteTensor } from './tflite.js';
import { Builtin, convertTfliteToOnnx, UnsupportedTfliteError } from './tflite-to-onnx.js';

/** Deterministic pseudo-random values; `levels` > 0 quantises them so that ties happen. */
function random(length: number, seed: number, levels = 0): Float32Array {
  let s = seed >>> 0;
  const out = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    const u = s / 2 ** 32;
    out[i] = levels > 0 ? Math.floor(u * levels) / levels : u * 2 - 1;
  }
  return out;
}

const bytesOf = (a: Float32Array | Int32Array) => new Uint8Array(a.buffer.slice(0));

function tensor(index: number, shape: number[], data?: Float32Array): TfliteTensor {
  return {
    index,
    name: `t${index}`,
    shape,
    type: TensorType.FLOAT32,
    data: data ? bytesOf(data) : null,
  };
}

const poolOptions = (p: PoolParams) =>
  bytesOf(Int32Array.of(p.padding, p.strideW, p.strideH, p.filterW, p.filterH, 0, 0, 0));

/** A standalone FlatBuffers table whose field `id` holds `value` (int8 or int32 slots). */
function optionsTable(fields: Array<[id: number, kind: 'i8' | 'i32', value: number]>): FbTable {
  const count = Math.max(...fields.map(([id]) => id)) + 1;
  const vtableSize = 4 + 2 * count;
  const tablePos = Math.ceil(vtableSize / 4) * 4;
  const view = new DataView(new ArrayBuffer(tablePos + 4 + 4 * count));
  view.setUint16(0, vtableSize, true);
  view.setUint16(2, 4 + 4 * count, true);
  view.setInt32(tablePos, tablePos, true);
  for (const [id, kind, value] of fields) {
    const at = 4 + 4 * id;
    view.setUint16(4 + 2 * id, at, true);
    if (kind === 'i8') view.setInt8(tablePos + at, value);
    else view.setInt32(tablePos + at, value, true);
  }
  return new FbTable(view, tablePos);
}

/** TensorFlow Conv2D / DepthwiseConv2D (NHWC, OHWI or 1HWC weights, SAME or VALID). */
function convReference(
  input: Float32Array,
  [n, h, w, ci]: Shape4,
  weights: Float32Array,
  [wo, kh, kw, wi]: Shape4,
  bias: Float32Array,
  o: { stride: number; same: boolean; depthwise: boolean; relu: boolean },
): { output: Float32Array; shape: Shape4 } {
  const co = o.depthwise ? wi : wo;
  const oh = o.same ? Math.ceil(h / o.stride) : Math.floor((h - kh) / o.stride) + 1;
  const ow = o.same ? Math.ceil(w / o.stride) : Math.floor((w - kw) / o.stride) + 1;
  const pt = o.same ? Math.floor(Math.max((oh - 1) * o.stride + kh - h, 0) / 2) : 0;
  const pl = o.same ? Math.floor(Math.max((ow - 1) * o.stride + kw - w, 0) / 2) : 0;
  const output = new Float32Array(n * oh * ow * co);
  for (let y = 0; y < oh; y++) {
    for (let x = 0; x < ow; x++) {
      for (let c = 0; c < co; c++) {
        let sum = bias[c]!;
        for (let fy = 0; fy < kh; fy++) {
          for (let fx = 0; fx < kw; fx++) {
            const iy = y * o.stride - pt + fy;
            const ix = x * o.stride - pl + fx;
            if (iy < 0 || ix < 0 || iy >= h || ix >= w) continue;
            if (o.depthwise) {
              const m = co / ci;
              sum +=
                input[(iy * w + ix) * ci + Math.floor(c / m)]! * weights[(fy * kw + fx) * wi + c]!;
            } else {
              for (let i = 0; i < ci; i++) {
                sum +=
                  input[(iy * w + ix) * ci + i]! * weights[((c * kh + fy) * kw + fx) * wi + i]!;
              }
            }
          }
        }
        output[(y * ow + x) * co + c] = o.relu ? Math.max(0, sum) : sum;
      }
    }
  }
  return { output, shape: [n, oh, ow, co] };
}

async function run(model: TfliteModel, inputs: Float32Array[]): Promise<Float32Array[]> {
  const onnx = convertTfliteToOnnx(model, { layout: 'nhwc' });
  const session = await ort.InferenceSession.create(onnx);
  const feeds: Record<string, ort.Tensor> = {};
  model.inputs.forEach((t, i) => {
    feeds[session.inputNames[i]!] = new ort.Tensor('float32', inputs[i]!, model.tensors[t]!.shape);
  });
  const result = await session.run(feeds);
  const outputs = session.outputNames.map((name) => result[name]!.data as Float32Array);
  await session.release();
  return outputs;
}

function expectClose(actual: Float32Array, expected: Float32Array, tolerance = 1e-5) {
  expect(actual.length).toBe(expected.length);
  let worst = 0;
  for (let i = 0; i < actual.length; i++) {
    worst = Math.max(worst, Math.abs(actual[i]! - expected[i]!));
  }
  expect(worst).toBeLessThanOrEqual(tolerance);
}

function poolModel(shape: Shape4, p: PoolParams): TfliteModel {
  const out: Shape4 = [
    shape[0],
    pooledSize(shape[1], p.filterH, p.strideH, p.padding),
    pooledSize(shape[2], p.filterW, p.strideW, p.padding),
    shape[3],
  ];
  return {
    version: 3,
    description: 'pool',
    tensors: [tensor(0, shape), tensor(1, out), tensor(2, out)],
    operators: [
      {
        builtinCode: Builtin.CUSTOM,
        customCode: 'MaxPoolingWithArgmax2D',
        inputs: [0],
        outputs: [1, 2],
        options: null,
        customOptions: poolOptions(p),
      },
    ],
    inputs: [0],
    outputs: [1, 2],
  };
}

describe('MediaPipe custom operators converted to ONNX', () => {
  const pools: Array<[Shape4, PoolParams]> = [
    [[1, 6, 8, 3], { padding: 1, strideH: 2, strideW: 2, filterH: 2, filterW: 2 }],
    [[1, 5, 7, 2], { padding: 1, strideH: 2, strideW: 2, filterH: 2, filterW: 2 }],
    [[1, 7, 9, 2], { padding: 1, strideH: 2, strideW: 2, filterH: 3, filterW: 3 }],
    [[1, 7, 6, 2], { padding: 2, strideH: 2, strideW: 1, filterH: 3, filterW: 2 }],
  ];

  it.each(pools)(
    'MaxPoolingWithArgmax2D %j %j matches the reference, ties included',
    async (shape, p) => {
      const input = random(
        shape.reduce((a, b) => a * b),
        7,
        4,
      );
      const expected = maxPoolWithArgmax(input, shape, p);
      const [output, indices] = await run(poolModel(shape, p), [input]);
      expectClose(output!, expected.output);
      expectClose(indices!, expected.indices);
    },
  );

  it.each([
    [[1, 3, 4, 2] as Shape4, 2],
    [[1, 4, 3, 5] as Shape4, 3],
  ])('MaxUnpooling2D %j (filter %i) matches the reference', async (shape, k) => {
    const p: PoolParams = { padding: 1, strideH: k, strideW: k, filterH: k, filterW: k };
    const size = shape.reduce((a, b) => a * b);
    const input = random(size, 11);
    const indices = random(size, 5, k * k).map((v) => Math.round(v * k * k) + 0.1);
    const expected = maxUnpooling(input, indices, shape, p);
    const model: TfliteModel = {
      version: 3,
      description: 'unpool',
      tensors: [tensor(0, shape), tensor(1, shape), tensor(2, expected.shape)],
      operators: [
        {
          builtinCode: Builtin.CUSTOM,
          customCode: 'MaxUnpooling2D',
          inputs: [0, 1],
          outputs: [2],
          options: null,
          customOptions: poolOptions(p),
        },
      ],
      inputs: [0, 1],
      outputs: [2],
    };
    const [output] = await run(model, [input, indices]);
    expectClose(output!, expected.output);
  });

  it('a pool feeding an unpool uses ONNX indices directly and matches the reference chain', async () => {
    const shape: Shape4 = [1, 8, 6, 4];
    const p: PoolParams = { padding: 1, strideH: 2, strideW: 2, filterH: 2, filterW: 2 };
    const input = random(8 * 6 * 4, 3, 5);
    const pooled = maxPoolWithArgmax(input, shape, p);
    const expected = maxUnpooling(pooled.output, pooled.indices, pooled.shape, p);
    const model = poolModel(shape, p);
    model.tensors.push(tensor(3, shape));
    model.operators.push({
      builtinCode: Builtin.CUSTOM,
      customCode: 'MaxUnpooling2D',
      inputs: [1, 2],
      outputs: [3],
      options: null,
      customOptions: poolOptions(p),
    });
    model.outputs = [3];
    const onnx = new TextDecoder('latin1').decode(convertTfliteToOnnx(model));
    expect(onnx).not.toContain('Cast'); // no index conversion in between
    const [output] = await run(model, [input]);
    expectClose(output!, expected.output);
  });

  it.each([
    [[1, 4, 5, 3] as Shape4, [2, 3, 3, 3] as Shape4, 2, 1],
    [[1, 3, 3, 4] as Shape4, [5, 2, 2, 4] as Shape4, 2, 1],
    [[1, 3, 4, 2] as Shape4, [3, 4, 4, 2] as Shape4, 2, 1],
    [[1, 3, 4, 2] as Shape4, [3, 3, 3, 2] as Shape4, 1, 2],
  ])(
    'Convolution2DTransposeBias input %j weights %j stride %i padding %i matches the reference',
    async (shape, weightShape, stride, padding) => {
      const input = random(
        shape.reduce((a, b) => a * b),
        1,
      );
      const weights = random(
        weightShape.reduce((a, b) => a * b),
        2,
      );
      const bias = random(weightShape[0], 9);
      const params = { padding: padding as 1 | 2, strideH: stride, strideW: stride };
      const expected = transposeConvBias(input, shape, weights, weightShape, bias, params);
      const model: TfliteModel = {
        version: 3,
        description: 'transpose conv',
        tensors: [
          tensor(0, shape),
          tensor(1, weightShape, weights),
          tensor(2, [weightShape[0]], bias),
          tensor(3, expected.shape),
        ],
        operators: [
          {
            builtinCode: Builtin.CUSTOM,
            customCode: 'Convolution2DTransposeBias',
            inputs: [0, 1, 2],
            outputs: [3],
            options: null,
            customOptions: bytesOf(Int32Array.of(padding, stride, stride)),
          },
        ],
        inputs: [0],
        outputs: [3],
      };
      const [output] = await run(model, [input]);
      expectClose(output!, expected.output, 1e-4);
    },
  );

  it.each([
    {
      input: [1, 5, 7, 3],
      weights: [4, 3, 3, 3],
      stride: 2,
      same: true,
      depthwise: false,
      relu: true,
    },
    {
      input: [1, 6, 6, 2],
      weights: [3, 2, 2, 2],
      stride: 2,
      same: true,
      depthwise: false,
      relu: false,
    },
    {
      input: [1, 5, 6, 3],
      weights: [2, 3, 2, 3],
      stride: 1,
      same: false,
      depthwise: false,
      relu: false,
    },
    {
      input: [1, 6, 5, 4],
      weights: [1, 3, 3, 4],
      stride: 1,
      same: true,
      depthwise: true,
      relu: false,
    },
    // odd total padding: TensorFlow puts the extra row/column after
    {
      input: [1, 6, 8, 2],
      weights: [3, 3, 3, 2],
      stride: 2,
      same: true,
      depthwise: false,
      relu: false,
    },
    {
      input: [1, 6, 6, 3],
      weights: [1, 4, 4, 3],
      stride: 1,
      same: true,
      depthwise: true,
      relu: false,
    },
    {
      input: [1, 7, 7, 2],
      weights: [1, 5, 5, 4],
      stride: 2,
      same: true,
      depthwise: true,
      relu: true,
    },
  ] as const)('CONV_2D / DEPTHWISE_CONV_2D %j match TensorFlow semantics', async (c) => {
    const shape = [...c.input] as Shape4;
    const weightShape = [...c.weights] as Shape4;
    const input = random(
      shape.reduce((a, b) => a * b),
      21,
    );
    const weights = random(
      weightShape.reduce((a, b) => a * b),
      22,
    );
    const outChannels = c.depthwise ? weightShape[3] : weightShape[0];
    const bias = random(outChannels, 23);
    const expected = convReference(input, shape, weights, weightShape, bias, c);
    // Conv2DOptions: padding 0, stride_w 1, stride_h 2, fused_activation 3;
    // DepthwiseConv2DOptions: padding 0, stride_w 1, stride_h 2, depth_multiplier 3, fused_activation 4
    const padding = c.same ? 0 : 1;
    const act = c.relu ? 1 : 0;
    const options = c.depthwise
      ? optionsTable([
          [0, 'i8', padding],
          [1, 'i32', c.stride],
          [2, 'i32', c.stride],
          [3, 'i32', outChannels / shape[3]],
          [4, 'i8', act],
        ])
      : optionsTable([
          [0, 'i8', padding],
          [1, 'i32', c.stride],
          [2, 'i32', c.stride],
          [3, 'i8', act],
        ]);
    const model: TfliteModel = {
      version: 3,
      description: 'conv',
      tensors: [
        tensor(0, shape),
        tensor(1, weightShape, weights),
        tensor(2, [outChannels], bias),
        tensor(3, expected.shape),
      ],
      operators: [
        {
          builtinCode: c.depthwise ? Builtin.DEPTHWISE_CONV_2D : Builtin.CONV_2D,
          customCode: null,
          inputs: [0, 1, 2],
          outputs: [3],
          options,
          customOptions: null,
        },
      ],
      inputs: [0],
      outputs: [3],
    };
    const [output] = await run(model, [input]);
    expectClose(output!, expected.output, 1e-4);
  });

  it('RESIZE_BILINEAR (no options: asymmetric, as TFLite) matches a plain bilinear reference', async () => {
    const shape: Shape4 = [1, 3, 4, 2];
    const out: Shape4 = [1, 7, 5, 2];
    const input = random(24, 13);
    const expected = new Float32Array(70);
    for (let y = 0; y < 7; y++) {
      for (let x = 0; x < 5; x++) {
        const fy = (y * 3) / 7;
        const fx = (x * 4) / 5;
        const [y0, x0] = [Math.floor(fy), Math.floor(fx)];
        const [y1, x1] = [Math.min(y0 + 1, 2), Math.min(x0 + 1, 3)];
        for (let c = 0; c < 2; c++) {
          const at = (yy: number, xx: number) => input[(yy * 4 + xx) * 2 + c]!;
          const top = at(y0, x0) + (at(y0, x1) - at(y0, x0)) * (fx - x0);
          const bottom = at(y1, x0) + (at(y1, x1) - at(y1, x0)) * (fx - x0);
          expected[(y * 5 + x) * 2 + c] = top + (bottom - top) * (fy - y0);
        }
      }
    }
    const size = bytesOf(Int32Array.of(7, 5));
    const model: TfliteModel = {
      version: 3,
      description: 'resize',
      tensors: [
        tensor(0, shape),
        { index: 1, name: 'size', shape: [2], type: TensorType.INT32, data: size },
        tensor(2, out),
      ],
      operators: [
        {
          builtinCode: Builtin.RESIZE_BILINEAR,
          customCode: null,
          inputs: [0, 1],
          outputs: [2],
          options: null,
          customOptions: null,
        },
      ],
      inputs: [0],
      outputs: [2],
    };
    const [output] = await run(model, [input]);
    expectClose(output!, expected);
  });

  it('rejects an operator it does not know', () => {
    const model = poolModel([1, 4, 4, 1], {
      padding: 1,
      strideH: 2,
      strideW: 2,
      filterH: 2,
      filterW: 2,
    });
    model.operators[0]!.customCode = 'SomethingElse';
    expect(() => convertTfliteToOnnx(model)).toThrow(UnsupportedTfliteError);
  });
});

describe('the hair segmentation model', () => {
  it('reads the committed TFLite file and converts the whole graph', async () => {
    const tflite = readTflite(readFileSync(defaultModelPath));
    expect(tflite.tensors[tflite.inputs[0]!]!.shape).toEqual([1, 512, 512, 4]);
    expect(tflite.tensors[tflite.outputs[0]!]!.shape).toEqual([1, 512, 512, 2]);
    const custom = new Set(tflite.operators.map((op) => op.customCode).filter(Boolean));
    expect([...custom].sort()).toEqual([
      'Convolution2DTransposeBias',
      'MaxPoolingWithArgmax2D',
      'MaxUnpooling2D',
    ]);
    const onnx = convertTfliteToOnnx(tflite, { softmaxOutputs: true });
    const session = await ort.InferenceSession.create(onnx, { intraOpNumThreads: 1 });
    const input = new ort.Tensor('float32', random(4 * 512 * 512, 4, 256), [1, 4, 512, 512]);
    const result = await session.run({ [session.inputNames[0]!]: input });
    const probabilities = result[session.outputNames[0]!]!;
    expect(probabilities.dims).toEqual([1, 2, 512, 512]);
    const data = probabilities.data as Float32Array;
    for (const i of [0, 1000, 131_071, 262_143]) {
      expect(data[i]! + data[262_144 + i]!).toBeCloseTo(1, 5);
    }
    await session.release();
  });

  it('rejects a file that is not a TFLite model', () => {
    expect(() => readTflite(new Uint8Array(64))).toThrow(/invalid TFLite model/);
  });
});
