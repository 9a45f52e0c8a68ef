// Readers of the two video containers' structure, shared by the sniffer (video-sniff.ts) and
// the metadata stripper (metadata-strip.ts). Each throws RangeError on a structure it cannot read.

// --- ISO BMFF ---------------------------------------------------------------------------------

export interface Box {
  type: string;
  /** Start of the box header. */
  at: number;
  /** Start of the payload. */
  start: number;
  /** End of the box. */
  end: number;
}

/** The boxes between `from` and `to`, one level deep (64-bit and to-the-end sizes read). */
export function* boxesOf(buf: Buffer, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) throw new RangeError('box header');
      const big = buf.readBigUInt64BE(at + 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('box size');
      size = Number(big);
      header = 16;
    } else if (size === 0) {
      size = to - at;
    }
    if (size < header || at + size > to) throw new RangeError('box size');
    yield { type, at, start: at + header, end: at + size };
    at += size;
  }
}

// --- EBML (WebM / Matroska) -------------------------------------------------------------------

/** An element ID: its length marker bits kept, as the specification writes IDs. */
export function readId(buf: Buffer, at: number): { value: number; length: number } {
  const first = buf.readUInt8(at);
  const length = first >= 0x80 ? 1 : first >= 0x40 ? 2 : first >= 0x20 ? 3 : first >= 0x10 ? 4 : 0;
  if (length === 0 || at + length > buf.length) throw new RangeError('element id');
  return { value: buf.readUIntBE(at, length), length };
}

/** A variable-size integer (marker bit removed); `unknown` when all value bits are set. */
export function readVint(
  buf: Buffer,
  at: number,
): { value: number; length: number; unknown: boolean } {
  const first = buf.readUInt8(at);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > 8 || at + length > buf.length) throw new RangeError('vint');
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    const byte = buf.readUInt8(at + i);
    value = value * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { value, length, unknown: allOnes };
}
