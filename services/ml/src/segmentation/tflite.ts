/**
 * A minimal reader for TensorFlow Lite model files (FlatBuffers, schema
 * tensorflow/lite/schema/schema.fbs). It reads only the tables the hair segmentation
 * converter needs: operator codes, the first subgraph's tensors and operators, and buffers.
 * Written against the public schema; no generated code.
 */

export const TensorType = { FLOAT32: 0, FLOAT16: 1, INT32: 2, UINT8: 3, INT64: 4 } as const;

export interface TfliteTensor {
  index: number;
  name: string;
  shape: number[];
  type: number;
  /** The constant data of the tensor, or null for activations. */
  data: Uint8Array | null;
}

export interface TfliteOperator {
  /** The builtin operator code (CUSTOM = 32) */
  builtinCode: number;
  customCode: string | null;
  inputs: number[];
  outputs: number[];
  /** Reader over the builtin options table, or null. */
  options: FbTable | null;
  customOptions: Uint8Array | null;
}

export interface TfliteModel {
  version: number;
  description: string;
  tensors: TfliteTensor[];
  operators: TfliteOperator[];
  inputs: number[];
  outputs: number[];
}

export class TfliteFormatError extends Error {
  constructor(message: string) {
    super(`invalid TFLite model: ${message}`);
    this.name = 'TfliteFormatError';
  }
}

/** A FlatBuffers table at an absolute position of the buffer. */
export class FbTable {
  private readonly vtable: number;
  private readonly vtableSize: number;

  constructor(
    private readonly view: DataView,
    readonly pos: number,
  ) {
    if (pos < 0 || pos + 4 > view.byteLength) throw new TfliteFormatError(`table at ${pos}`);
    this.vtable = pos - view.getInt32(pos, true);
    if (this.vtable < 0 || this.vtable + 4 > view.byteLength) {
      throw new TfliteFormatError(`vtable of table at ${pos}`);
    }
    this.vtableSize = view.getUint16(this.vtable, true);
  }

  /** The offset of field `id` inside the table, or 0 when absent. */
  private field(id: number): number {
    const at = 4 + 2 * id;
    if (at + 2 > this.vtableSize) return 0;
    return this.view.getUint16(this.vtable + at, true);
  }

  has(id: number): boolean {
    return this.field(id) !== 0;
  }

  int8(id: number, fallback = 0): number {
    const f = this.field(id);
    return f ? this.view.getInt8(this.pos + f) : fallback;
  }

  uint8(id: number, fallback = 0): number {
    const f = this.field(id);
    return f ? this.view.getUint8(this.pos + f) : fallback;
  }

  bool(id: number, fallback = false): boolean {
    const f = this.field(id);
    return f ? this.view.getUint8(this.pos + f) !== 0 : fallback;
  }

  int32(id: number, fallback = 0): number {
    const f = this.field(id);
    return f ? this.view.getInt32(this.pos + f, true) : fallback;
  }

  uint32(id: number, fallback = 0): number {
    const f = this.field(id);
    return f ? this.view.getUint32(this.pos + f, true) : fallback;
  }

  float32(id: number, fallback = 0): number {
    const f = this.field(id);
    return f ? this.view.getFloat32(this.pos + f, true) : fallback;
  }

  private target(id: number): number | null {
    const f = this.field(id);
    if (!f) return null;
    const p = this.pos + f;
    const t = p + this.view.getUint32(p, true);
    if (t + 4 > this.view.byteLength) throw new TfliteFormatError(`offset of field ${id}`);
    return t;
  }

  table(id: number): FbTable | null {
    const t = this.target(id);
    return t === null ? null : new FbTable(this.view, t);
  }

  string(id: number): string | null {
    const bytes = this.bytes(id);
    return bytes === null ? null : new TextDecoder().decode(bytes);
  }

  /** A vector of ubyte/byte as a view (no copy). */
  bytes(id: number): Uint8Array | null {
    const t = this.target(id);
    if (t === null) return null;
    const length = this.view.getUint32(t, true);
    const start = this.view.byteOffset + t + 4;
    if (t + 4 + length > this.view.byteLength) throw new TfliteFormatError(`vector ${id}`);
    return new Uint8Array(this.view.buffer, start, length);
  }

  int32s(id: number): number[] {
    const t = this.target(id);
    if (t === null) return [];
    const length = this.view.getUint32(t, true);
    if (t + 4 + 4 * length > this.view.byteLength) throw new TfliteFormatError(`vector ${id}`);
    const out: number[] = [];
    for (let i = 0; i < length; i++) out.push(this.view.getInt32(t + 4 + 4 * i, true));
    return out;
  }

  tables(id: number): FbTable[] {
    const t = this.target(id);
    if (t === null) return [];
    const length = this.view.getUint32(t, true);
    if (t + 4 + 4 * length > this.view.byteLength) throw new TfliteFormatError(`vector ${id}`);
    const out: FbTable[] = [];
    for (let i = 0; i < length; i++) {
      const e = t + 4 + 4 * i;
      out.push(new FbTable(this.view, e + this.view.getUint32(e, true)));
    }
    return out;
  }
}

/** Parses a .tflite file (first subgraph only). */
export function readTflite(file: Uint8Array): TfliteModel {
  if (file.byteLength < 16) throw new TfliteFormatError('file too short');
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const identifier = new TextDecoder().decode(file.subarray(4, 8));
  if (identifier !== 'TFL3') throw new TfliteFormatError(`file identifier "${identifier}"`);
  const model = new FbTable(view, view.getUint32(0, true));
  // Model: version 0, operator_codes 1, subgraphs 2, description 3, buffers 4
  const opcodes = model.tables(1).map((code) => ({
    // OperatorCode: deprecated_builtin_code 0 (byte), custom_code 1, version 2, builtin_code 3
    builtin: Math.max(code.int8(0), code.int32(3)),
    custom: code.string(1),
  }));
  const buffers = model.tables(4).map((buffer) => buffer.bytes(0));
  const subgraphs = model.tables(2);
  const graph = subgraphs[0];
  if (!graph) throw new TfliteFormatError('no subgraph');
  // SubGraph: tensors 0, inputs 1, outputs 2, operators 3, name 4
  const tensors = graph.tables(0).map((tensor, index): TfliteTensor => {
    // Tensor: shape 0, type 1, buffer 2, name 3
    const buffer = buffers[tensor.uint32(2)] ?? null;
    return {
      index,
      name: tensor.string(3) ?? `t${index}`,
      shape: tensor.int32s(0),
      type: tensor.int8(1),
      data: buffer && buffer.byteLength > 0 ? buffer : null,
    };
  });
  const operators = graph.tables(3).map((op): TfliteOperator => {
    // Operator: opcode_index 0, inputs 1, outputs 2, builtin_options_type 3,
    // builtin_options 4, custom_options 5
    const code = opcodes[op.uint32(0)];
    if (!code) throw new TfliteFormatError(`opcode index ${op.uint32(0)}`);
    return {
      builtinCode: code.builtin,
      customCode: code.custom,
      inputs: op.int32s(1),
      outputs: op.int32s(2),
      options: op.table(4),
      customOptions: op.bytes(5),
    };
  });
  return {
    version: model.uint32(0),
    description: model.string(3) ?? '',
    tensors,
    operators,
    inputs: graph.int32s(1),
    outputs: graph.int32s(2),
  };
}
