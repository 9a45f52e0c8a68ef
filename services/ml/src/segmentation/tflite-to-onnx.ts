/**
 * Converts a float32 TFLite graph (as read by ./tflite.ts) to an ONNX model that
 * onnxruntime runs on the CPU. Covers the operators of MediaPipe's hair segmentation network
 * — CONV_2D, DEPTHWISE_CONV_2D, ADD, CONCATENATION, PRELU, RELU, RELU6, RESIZE_BILINEAR — and
 * MediaPipe's three custom operators:
 *
 * - MaxPoolingWithArgmax2D → MaxPool with its Indices output. MediaPipe's index is the
 *   position inside the pooling window (`dy * filter_width + dx`, stored as a float plus 0.1),
 *   ONNX's is the flat NCHW position in the input. When every consumer of the indices is a
 *   MaxUnpooling2D that restores the pooled shape, ONNX indices go straight into MaxUnpool;
 *   otherwise the converter emits the arithmetic that turns them into MediaPipe's form.
 * - MaxUnpooling2D → MaxUnpool (MediaPipe indices are turned back into flat positions when
 *   they do not come from a converted MaxPool).
 * - Convolution2DTransposeBias → ConvTranspose with bias, with MediaPipe's SAME padding
 *   (total `max(0, k - (in - 1) % stride - 1)`, the smaller half before).
 *
 * Activations are NCHW inside the ONNX graph. TFLite's NHWC graph input and output are either
 * kept (`layout: 'nhwc'`, transposes added) or exposed as NCHW (`layout: 'nchw'`).
 */
import { encodeOnnxModel, OnnxDataType, type OnnxGraph, type OnnxNode } from './onnx-proto.js';
import { TensorType, type TfliteModel, type TfliteOperator, type TfliteTensor } from './tflite.js';

export const Builtin = {
  ADD: 0,
  CONCATENATION: 2,
  CONV_2D: 3,
  DEPTHWISE_CONV_2D: 4,
  RELU: 19,
  RELU6: 21,
  RESIZE_BILINEAR: 23,
  CUSTOM: 32,
  PRELU: 54,
} as const;

export interface ConvertOptions {
  /** Layout of the ONNX graph's input and output tensors (default 'nchw'). */
  layout?: 'nchw' | 'nhwc';
  /** Append a Softmax over the channels of each graph output (default false). */
  softmaxOutputs?: boolean;
  docString?: string;
}

export class UnsupportedTfliteError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsupportedTfliteError';
  }
}

/** TfLitePoolParams / TfLiteTransposeConvParams as laid out in a custom op's options. */
function customParams(op: TfliteOperator, count: number): number[] {
  const bytes = op.customOptions;
  if (!bytes || bytes.byteLength < 4 * count) {
    throw new UnsupportedTfliteError(`${op.customCode}: custom options missing`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: count }, (_, i) => view.getInt32(4 * i, true));
}

// TfLitePadding (C API) in custom options; Padding (schema) in builtin options.
const C_PADDING_SAME = 1;
const C_PADDING_VALID = 2;
const SCHEMA_PADDING_SAME = 0;

// ActivationFunctionType
const ACT_NONE = 0;
const ACT_RELU = 1;
const ACT_RELU_N1_TO_1 = 2;
const ACT_RELU6 = 3;

/** TensorFlow's SAME padding: [before, after] for one spatial axis. */
function samePadding(
  inSize: number,
  kernel: number,
  stride: number,
  dilation = 1,
): [number, number] {
  const outSize = Math.ceil(inSize / stride);
  const effective = (kernel - 1) * dilation + 1;
  const total = Math.max((outSize - 1) * stride + effective - inSize, 0);
  const before = Math.floor(total / 2);
  return [before, total - before];
}

function float32Of(tensor: TfliteTensor): Float32Array {
  if (!tensor.data) throw new UnsupportedTfliteError(`${tensor.name}: expected constant data`);
  if (tensor.type !== TensorType.FLOAT32) {
    throw new UnsupportedTfliteError(`${tensor.name}: only float32 constants are supported`);
  }
  // copy: the buffer inside the flatbuffer need not be 4-byte aligned
  const copy = tensor.data.slice();
  return new Float32Array(copy.buffer, 0, copy.byteLength / 4);
}

/** Permutes a dense row-major array of shape `shape` by `perm` (like numpy.transpose). */
export function transposeArray(data: Float32Array, shape: number[], perm: number[]): Float32Array {
  const rank = shape.length;
  const outShape = perm.map((p) => shape[p]!);
  const inStrides = new Array<number>(rank).fill(1);
  for (let i = rank - 2; i >= 0; i--) inStrides[i] = inStrides[i + 1]! * shape[i + 1]!;
  const out = new Float32Array(data.length);
  const index = new Array<number>(rank).fill(0);
  for (let o = 0; o < out.length; o++) {
    let src = 0;
    for (let d = 0; d < rank; d++) src += index[d]! * inStrides[perm[d]!]!;
    out[o] = data[src]!;
    for (let d = rank - 1; d >= 0; d--) {
      index[d]!++;
      if (index[d]! < outShape[d]!) break;
      index[d] = 0;
    }
  }
  return out;
}

const toBytes = (a: Float32Array | BigInt64Array | Int32Array): Uint8Array =>
  new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** NHWC axis → NCHW axis for rank-4 tensors. */
const NHWC_TO_NCHW_AXIS = [0, 2, 3, 1];

class GraphBuilder {
  readonly graph: OnnxGraph;
  private counter = 0;

  constructor(name: string) {
    this.graph = { name, nodes: [], initializers: [], inputs: [], outputs: [] };
  }

  fresh(prefix: string): string {
    return `${prefix}__${this.counter++}`;
  }

  node(opType: string, inputs: string[], outputs: string[], attributes?: OnnxNode['attributes']) {
    this.graph.nodes.push({ opType, inputs, outputs, attributes, name: this.fresh(opType) });
  }

  floats(prefix: string, dims: number[], data: Float32Array): string {
    const name = this.fresh(prefix);
    this.graph.initializers.push({ name, dims, dataType: OnnxDataType.FLOAT, raw: toBytes(data) });
    return name;
  }

  int64s(prefix: string, dims: number[], values: number[]): string {
    const name = this.fresh(prefix);
    const data = BigInt64Array.from(values.map((v) => BigInt(v)));
    this.graph.initializers.push({ name, dims, dataType: OnnxDataType.INT64, raw: toBytes(data) });
    return name;
  }

  /** Applies a TFLite fused activation to `input`, writing `output`. */
  activation(kind: number, input: string, output: string): void {
    if (kind === ACT_NONE) this.node('Identity', [input], [output]);
    else if (kind === ACT_RELU) this.node('Relu', [input], [output]);
    else if (kind === ACT_RELU6 || kind === ACT_RELU_N1_TO_1) {
      const [lo, hi] = kind === ACT_RELU6 ? [0, 6] : [-1, 1];
      const min = this.floats('clip_min', [], Float32Array.of(lo));
      const max = this.floats('clip_max', [], Float32Array.of(hi));
      this.node('Clip', [input, min, max], [output]);
    } else throw new UnsupportedTfliteError(`fused activation ${kind}`);
  }
}

interface PoolGeometry {
  filterH: number;
  filterW: number;
  strideH: number;
  strideW: number;
  padTop: number;
  padLeft: number;
}

/** Converts a parsed TFLite model to serialised ONNX bytes. */
export function convertTfliteToOnnx(model: TfliteModel, options: ConvertOptions = {}): Uint8Array {
  const layout = options.layout ?? 'nchw';
  const b = new GraphBuilder('tflite');
  const tensors = model.tensors;
  const tensor = (i: number): TfliteTensor => {
    const t = tensors[i];
    if (!t) throw new UnsupportedTfliteError(`tensor index ${i}`);
    return t;
  };
  const name = (i: number) => `t${i}`;
  const shape4 = (i: number): [number, number, number, number] => {
    const s = tensor(i).shape;
    if (s.length !== 4) {
      throw new UnsupportedTfliteError(`${tensor(i).name}: only rank-4 activations supported`);
    }
    return s as [number, number, number, number];
  };
  /** NCHW dims of an NHWC TFLite tensor. */
  const nchw = (i: number): [number, number, number, number] => {
    const [n, h, w, c] = shape4(i);
    return [n, c, h, w];
  };
  /** A constant operand broadcastable against NCHW activations. */
  const constantOperand = (i: number): string => {
    const t = tensor(i);
    const data = float32Of(t);
    const s = t.shape;
    if (s.length === 4) return b.floats('const', nchw(i), transposeArray(data, s, [0, 3, 1, 2]));
    const channels = s.length === 0 ? 1 : s[s.length - 1]!;
    if (data.length !== channels) {
      throw new UnsupportedTfliteError(`${t.name}: constant of shape ${JSON.stringify(s)}`);
    }
    return b.floats('const', s.length === 0 ? [] : [channels, 1, 1], data);
  };
  const operand = (i: number) => (tensor(i).data ? constantOperand(i) : name(i));

  const consumers = new Map<number, TfliteOperator[]>();
  for (const op of model.operators) {
    for (const input of op.inputs) {
      if (input < 0) continue;
      consumers.set(input, [...(consumers.get(input) ?? []), op]);
    }
  }
  /** Indices tensors kept in ONNX form, with the geometry and input shape of their pool. */
  const nativeIndices = new Map<number, { geometry: PoolGeometry; poolInput: number }>();

  // graph inputs
  for (const i of model.inputs) {
    const dims = nchw(i);
    if (layout === 'nchw') {
      b.graph.inputs.push({ name: name(i), elemType: OnnxDataType.FLOAT, shape: dims });
    } else {
      const external = `${name(i)}_nhwc`;
      b.graph.inputs.push({ name: external, elemType: OnnxDataType.FLOAT, shape: shape4(i) });
      b.node('Transpose', [external], [name(i)], { perm: [0, 3, 1, 2] });
    }
  }

  for (const op of model.operators) {
    const inputs = op.inputs;
    const outputs = op.outputs;
    const out = outputs[0]!;
    const opts = op.options;
    if (op.builtinCode === Builtin.CONV_2D || op.builtinCode === Builtin.DEPTHWISE_CONV_2D) {
      const depthwise = op.builtinCode === Builtin.DEPTHWISE_CONV_2D;
      if (!opts) throw new UnsupportedTfliteError('convolution without options');
      // Conv2DOptions: padding 0, stride_w 1, stride_h 2, fused_activation 3, dilation_w 4, dilation_h 5
      // DepthwiseConv2DOptions: padding 0, stride_w 1, stride_h 2, depth_multiplier 3,
      //   fused_activation 4, dilation_w 5, dilation_h 6
      const padding = opts.int8(0);
      const strideW = opts.int32(1, 1);
      const strideH = opts.int32(2, 1);
      const act = opts.int8(depthwise ? 4 : 3);
      const dilW = opts.int32(depthwise ? 5 : 4, 1);
      const dilH = opts.int32(depthwise ? 6 : 5, 1);
      const weights = tensor(inputs[1]!);
      const [o, kh, kw, i] = weights.shape as [number, number, number, number];
      const [, inH, inW, inC] = shape4(inputs[0]!);
      const w = depthwise
        ? b.floats(
            'w',
            [i, 1, kh, kw],
            transposeArray(float32Of(weights), weights.shape, [3, 0, 1, 2]),
          )
        : b.floats(
            'w',
            [o, i, kh, kw],
            transposeArray(float32Of(weights), weights.shape, [0, 3, 1, 2]),
          );
      const [pt, pb] =
        padding === SCHEMA_PADDING_SAME ? samePadding(inH, kh, strideH, dilH) : [0, 0];
      const [pl, pr] =
        padding === SCHEMA_PADDING_SAME ? samePadding(inW, kw, strideW, dilW) : [0, 0];
      const convInputs = [name(inputs[0]!), w];
      if (inputs.length > 2 && inputs[2]! >= 0) {
        convInputs.push(
          b.floats('b', [tensor(inputs[2]!).shape[0]!], float32Of(tensor(inputs[2]!))),
        );
      }
      const raw = b.fresh('conv');
      b.node('Conv', convInputs, [raw], {
        kernel_shape: [kh, kw],
        strides: [strideH, strideW],
        dilations: [dilH, dilW],
        pads: [pt, pl, pb, pr],
        group: depthwise ? inC : 1,
      });
      b.activation(act, raw, name(out));
    } else if (op.builtinCode === Builtin.ADD) {
      const raw = b.fresh('add');
      b.node('Add', [operand(inputs[0]!), operand(inputs[1]!)], [raw]);
      b.activation(opts ? opts.int8(0) : ACT_NONE, raw, name(out));
    } else if (op.builtinCode === Builtin.CONCATENATION) {
      // ConcatenationOptions: axis 0, fused_activation 1
      const axis = opts ? opts.int32(0) : 0;
      const raw = b.fresh('concat');
      b.node('Concat', inputs.map(operand), [raw], { axis: NHWC_TO_NCHW_AXIS[(axis + 4) % 4]! });
      b.activation(opts ? opts.int8(1) : ACT_NONE, raw, name(out));
    } else if (op.builtinCode === Builtin.PRELU) {
      b.node('PRelu', [name(inputs[0]!), constantOperand(inputs[1]!)], [name(out)]);
    } else if (op.builtinCode === Builtin.RELU) {
      b.activation(ACT_RELU, name(inputs[0]!), name(out));
    } else if (op.builtinCode === Builtin.RELU6) {
      b.activation(ACT_RELU6, name(inputs[0]!), name(out));
    } else if (op.builtinCode === Builtin.RESIZE_BILINEAR) {
      // ResizeBilinearOptions: align_corners 2, half_pixel_centers 3
      const alignCorners = opts ? opts.bool(2) : false;
      const halfPixel = opts ? opts.bool(3) : false;
      const sizes = b.int64s('sizes', [4], nchw(out));
      b.node('Resize', [name(inputs[0]!), '', '', sizes], [name(out)], {
        mode: 'linear',
        coordinate_transformation_mode: alignCorners
          ? 'align_corners'
          : halfPixel
            ? 'half_pixel'
            : 'asymmetric',
      });
    } else if (op.builtinCode === Builtin.CUSTOM && op.customCode === 'MaxPoolingWithArgmax2D') {
      convertMaxPoolArgmax(op);
    } else if (op.builtinCode === Builtin.CUSTOM && op.customCode === 'MaxUnpooling2D') {
      convertMaxUnpooling(op);
    } else if (
      op.builtinCode === Builtin.CUSTOM &&
      op.customCode === 'Convolution2DTransposeBias'
    ) {
      // TfLiteTransposeConvParams: padding, stride_width, stride_height
      const [padding, strideW, strideH] = customParams(op, 3) as [number, number, number];
      const weights = tensor(inputs[1]!);
      const [o, kh, kw, i] = weights.shape as [number, number, number, number];
      const [, inH, inW] = shape4(inputs[0]!);
      const padH = padding === C_PADDING_SAME ? Math.max(0, kh - ((inH - 1) % strideH) - 1) : 0;
      const padW = padding === C_PADDING_SAME ? Math.max(0, kw - ((inW - 1) % strideW) - 1) : 0;
      const top = Math.floor(padH / 2);
      const left = Math.floor(padW / 2);
      const w = b.floats(
        'w',
        [i, o, kh, kw],
        transposeArray(float32Of(weights), weights.shape, [3, 0, 1, 2]),
      );
      const bias = b.floats('b', [o], float32Of(tensor(inputs[2]!)));
      b.node('ConvTranspose', [name(inputs[0]!), w, bias], [name(out)], {
        kernel_shape: [kh, kw],
        strides: [strideH, strideW],
        pads: [top, left, padH - top, padW - left],
      });
    } else {
      throw new UnsupportedTfliteError(
        `operator ${op.customCode ?? `builtin ${op.builtinCode}`} is not supported`,
      );
    }
  }

  function poolGeometry(op: TfliteOperator, inH: number, inW: number, outH: number, outW: number) {
    // TfLitePoolParams: padding, stride_width, stride_height, filter_width, filter_height, activation
    const [padding, strideW, strideH, filterW, filterH, act] = customParams(op, 6) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    if (padding !== C_PADDING_SAME && padding !== C_PADDING_VALID) {
      throw new UnsupportedTfliteError(`${op.customCode}: padding ${padding}`);
    }
    // tflite::ComputePadding: ((out - 1) * stride + filter - in) / 2, at least 0
    const padTop = Math.max(0, Math.floor(((outH - 1) * strideH + filterH - inH) / 2));
    const padLeft = Math.max(0, Math.floor(((outW - 1) * strideW + filterW - inW) / 2));
    return { geometry: { filterH, filterW, strideH, strideW, padTop, padLeft }, act };
  }

  function convertMaxPoolArgmax(op: TfliteOperator): void {
    const [input, output, indices] = [op.inputs[0]!, op.outputs[0]!, op.outputs[1]!];
    const [, inH, inW] = shape4(input);
    const [, outH, outW] = shape4(output);
    const { geometry: g, act } = poolGeometry(op, inH, inW, outH, outW);
    // ONNX pads so that ceil-less output size equals TFLite's
    const padBottom = Math.max(0, (outH - 1) * g.strideH + g.filterH - inH - g.padTop);
    const padRight = Math.max(0, (outW - 1) * g.strideW + g.filterW - inW - g.padLeft);
    const pooled = b.fresh('pool');
    const onnxIndices = b.fresh('pool_indices');
    b.node('MaxPool', [name(input)], [pooled, onnxIndices], {
      kernel_shape: [g.filterH, g.filterW],
      strides: [g.strideH, g.strideW],
      pads: [g.padTop, g.padLeft, padBottom, padRight],
    });
    b.activation(act, pooled, name(output));
    const users = consumers.get(indices) ?? [];
    const outputsOfGraph = model.outputs.includes(indices);
    const allUnpool =
      users.length > 0 &&
      !outputsOfGraph &&
      users.every((u) => {
        if (u.customCode !== 'MaxUnpooling2D' || u.inputs[1] !== indices) return false;
        const [n, h, w, c] = shape4(u.outputs[0]!);
        const [n0, h0, w0, c0] = shape4(input);
        return n === n0 && h === h0 && w === w0 && c === c0;
      });
    if (allUnpool) {
      b.node('Identity', [onnxIndices], [name(indices)]);
      nativeIndices.set(indices, { geometry: g, poolInput: input });
      return;
    }
    // MediaPipe form: (h - y0) * filter_w + (w - x0) + 0.1, as float, where (y0, x0) is the
    // window origin of each output cell and (h, w) the position ONNX reports.
    const plane = b.int64s('plane', [], [inH * inW]);
    const width = b.int64s('width', [], [inW]);
    const y0 = b.int64s(
      'y0',
      [1, 1, outH, 1],
      Array.from({ length: outH }, (_, y) => y * g.strideH - g.padTop),
    );
    const x0 = b.int64s(
      'x0',
      [1, 1, 1, outW],
      Array.from({ length: outW }, (_, x) => x * g.strideW - g.padLeft),
    );
    const fw = b.int64s('fw', [], [g.filterW]);
    const [p, h, w, dy, dx, dyw, local, localF] = Array.from({ length: 8 }, () => b.fresh('idx'));
    b.node('Mod', [onnxIndices, plane], [p!]);
    b.node('Div', [p!, width], [h!]);
    b.node('Mod', [p!, width], [w!]);
    b.node('Sub', [h!, y0], [dy!]);
    b.node('Sub', [w!, x0], [dx!]);
    b.node('Mul', [dy!, fw], [dyw!]);
    b.node('Add', [dyw!, dx!], [local!]);
    b.node('Cast', [local!], [localF!], { to: OnnxDataType.FLOAT });
    b.node('Add', [localF!, b.floats('tenth', [], Float32Array.of(0.1))], [name(indices)]);
  }

  function convertMaxUnpooling(op: TfliteOperator): void {
    const [input, indices, output] = [op.inputs[0]!, op.inputs[1]!, op.outputs[0]!];
    const [n, outC, outH, outW] = nchw(output);
    const outputShape = b.int64s('unpool_shape', [4], [n, outC, outH, outW]);
    const native = nativeIndices.get(indices);
    const [, inH, inW] = shape4(input);
    const { geometry: g } = poolGeometry(op, outH, outW, inH, inW);
    let flat: string;
    if (native) {
      flat = name(indices);
    } else {
      if (n !== 1) throw new UnsupportedTfliteError('MaxUnpooling2D with batch > 1');
      // flat = c * H * W + (y0 + local / filter_w) * W + (x0 + local % filter_w)
      const channelBase = b.int64s(
        'cbase',
        [1, outC, 1, 1],
        Array.from({ length: outC }, (_, c) => c * outH * outW),
      );
      const y0 = b.int64s(
        'y0',
        [1, 1, inH, 1],
        Array.from({ length: inH }, (_, y) => y * g.strideH - g.padTop),
      );
      const x0 = b.int64s(
        'x0',
        [1, 1, 1, inW],
        Array.from({ length: inW }, (_, x) => x * g.strideW - g.padLeft),
      );
      const fw = b.int64s('fw', [], [g.filterW]);
      const width = b.int64s('width', [], [outW]);
      const [li, dy, dx, yy, xx, row, rc, sum] = Array.from({ length: 8 }, () => b.fresh('uidx'));
      b.node('Cast', [name(indices)], [li!], { to: OnnxDataType.INT64 });
      b.node('Div', [li!, fw], [dy!]);
      b.node('Mod', [li!, fw], [dx!]);
      b.node('Add', [dy!, y0], [yy!]);
      b.node('Add', [dx!, x0], [xx!]);
      b.node('Mul', [yy!, width], [row!]);
      b.node('Add', [row!, xx!], [rc!]);
      b.node('Add', [rc!, channelBase], [sum!]);
      flat = sum!;
    }
    b.node('MaxUnpool', [name(input), flat, outputShape], [name(output)], {
      kernel_shape: [g.filterH, g.filterW],
      strides: [g.strideH, g.strideW],
    });
  }

  // graph outputs
  for (const i of model.outputs) {
    let current = name(i);
    if (options.softmaxOutputs) {
      const soft = b.fresh('softmax');
      b.node('Softmax', [current], [soft], { axis: 1 });
      current = soft;
    }
    const external = `output_${b.graph.outputs.length}`;
    if (layout === 'nhwc') {
      b.node('Transpose', [current], [external], { perm: [0, 2, 3, 1] });
      b.graph.outputs.push({ name: external, elemType: OnnxDataType.FLOAT, shape: shape4(i) });
    } else {
      b.node('Identity', [current], [external]);
      b.graph.outputs.push({ name: external, elemType: OnnxDataType.FLOAT, shape: nchw(i) });
    }
  }
  return encodeOnnxModel(b.graph, { opset: 17, docString: options.docString });
}
