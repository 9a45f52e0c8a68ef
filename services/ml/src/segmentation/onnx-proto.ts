/**
 * A small writer for the ONNX protobuf format (onnx/onnx.proto, proto3 wire format).
 * Only what the TFLite converter emits: a model with one graph of nodes, initializers and
 * typed inputs/outputs. Field numbers follow onnx.proto.
 */

export const OnnxDataType = { FLOAT: 1, INT32: 6, INT64: 7 } as const;

export type AttributeValue = number | number[] | string | { ints: number[] } | { float: number };

export interface OnnxNode {
  opType: string;
  inputs: string[];
  outputs: string[];
  name?: string;
  attributes?: Record<string, AttributeValue>;
}

export interface OnnxInitializer {
  name: string;
  dims: number[];
  dataType: number;
  /** little-endian raw bytes */
  raw: Uint8Array;
}

export interface OnnxValueInfo {
  name: string;
  elemType: number;
  shape: number[];
}

export interface OnnxGraph {
  name: string;
  nodes: OnnxNode[];
  initializers: OnnxInitializer[];
  inputs: OnnxValueInfo[];
  outputs: OnnxValueInfo[];
}

/** Growable byte sink with protobuf primitives. */
class Writer {
  private buf = new Uint8Array(1024);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.length++] = b;
  }

  varint(value: number | bigint): void {
    let v = BigInt.asUintN(64, BigInt(value));
    do {
      let b = Number(v & 0x7fn);
      v >>= 7n;
      if (v !== 0n) b |= 0x80;
      this.byte(b);
    } while (v !== 0n);
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buf.set(data, this.length);
    this.length += data.length;
  }

  tag(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }

  int(field: number, value: number): void {
    this.tag(field, 0);
    this.varint(value);
  }

  float(field: number, value: number): void {
    this.tag(field, 5);
    const b = new Uint8Array(4);
    new DataView(b.buffer).setFloat32(0, value, true);
    this.bytes(b);
  }

  lengthDelimited(field: number, data: Uint8Array): void {
    this.tag(field, 2);
    this.varint(data.length);
    this.bytes(data);
  }

  string(field: number, value: string): void {
    this.lengthDelimited(field, new TextEncoder().encode(value));
  }

  message(field: number, build: (w: Writer) => void): void {
    const inner = new Writer();
    build(inner);
    this.lengthDelimited(field, inner.finish());
  }

  packedInts(field: number, values: number[]): void {
    const inner = new Writer();
    for (const v of values) inner.varint(v);
    this.lengthDelimited(field, inner.finish());
  }

  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

// AttributeProto.AttributeType
const ATTR_FLOAT = 1;
const ATTR_INT = 2;
const ATTR_STRING = 3;
const ATTR_INTS = 7;

function writeAttribute(w: Writer, name: string, value: AttributeValue): void {
  // AttributeProto: name 1, f 2, i 3, s 4, ints 8, type 20
  w.string(1, name);
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error(`attribute ${name}: use { float } for floats`);
    w.int(3, value);
    w.int(20, ATTR_INT);
  } else if (typeof value === 'string') {
    w.string(4, value);
    w.int(20, ATTR_STRING);
  } else if (Array.isArray(value) || 'ints' in value) {
    const ints = Array.isArray(value) ? value : value.ints;
    for (const v of ints) w.int(8, v);
    w.int(20, ATTR_INTS);
  } else {
    w.float(2, value.float);
    w.int(20, ATTR_FLOAT);
  }
}

function writeValueInfo(w: Writer, info: OnnxValueInfo): void {
  // ValueInfoProto: name 1, type 2; TypeProto: tensor_type 1; Tensor: elem_type 1, shape 2;
  // TensorShapeProto: dim 1; Dimension: dim_value 1
  w.string(1, info.name);
  w.message(2, (type) =>
    type.message(1, (tensor) => {
      tensor.int(1, info.elemType);
      tensor.message(2, (shape) => {
        for (const d of info.shape) shape.message(1, (dim) => dim.int(1, d));
      });
    }),
  );
}

/** Serialises a ModelProto (IR version 8, default-domain opset `opset`). */
export function encodeOnnxModel(
  graph: OnnxGraph,
  options: { opset?: number; producer?: string; docString?: string } = {},
): Uint8Array {
  const w = new Writer();
  // ModelProto: ir_version 1, producer_name 2, producer_version 3, doc_string 6, graph 7,
  // opset_import 8
  w.int(1, 8);
  w.string(2, options.producer ?? 'carol-tflite-to-onnx');
  w.string(3, '1');
  if (options.docString) w.string(6, options.docString);
  w.message(7, (g) => {
    // GraphProto: node 1, name 2, initializer 5, input 11, output 12
    graph.nodes.forEach((node, i) =>
      g.message(1, (n) => {
        // NodeProto: input 1, output 2, name 3, op_type 4, attribute 5
        for (const input of node.inputs) n.string(1, input);
        for (const output of node.outputs) n.string(2, output);
        n.string(3, node.name ?? `${node.opType}_${i}`);
        n.string(4, node.opType);
        for (const [name, value] of Object.entries(node.attributes ?? {})) {
          n.message(5, (a) => writeAttribute(a, name, value));
        }
      }),
    );
    g.string(2, graph.name);
    for (const init of graph.initializers) {
      g.message(5, (t) => {
        // TensorProto: dims 1, data_type 2, name 8, raw_data 9
        t.packedInts(1, init.dims);
        t.int(2, init.dataType);
        t.string(8, init.name);
        t.lengthDelimited(9, init.raw);
      });
    }
    for (const input of graph.inputs) g.message(11, (v) => writeValueInfo(v, input));
    for (const output of graph.outputs) g.message(12, (v) => writeValueInfo(v, output));
  });
  w.message(8, (o) => {
    // OperatorSetIdProto: domain 1, version 2
    o.string(1, '');
    o.int(2, options.opset ?? 17);
  });
  return w.finish();
}
