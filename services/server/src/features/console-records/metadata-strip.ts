import { boxesOf, readId, readVint, type Box } from './container-reader.js';

/**
 * Removes what a camera or phone wrote about the recording from a sniffed video, IN PLACE and
 * without changing the file's size or the position of any byte that still matters: sample
 * offsets (MP4 stco/co64), the moov/mdat order and WebM Cues/SeekHead positions stay valid.
 * Nothing is decoded or re-encoded (ADR 034).
 *
 * - MP4 / MOV: every `udta`, `meta` and `uuid` box at the top level, in `moov`, in each `trak`
 *   and in its `mdia` becomes a `free` box of the same size (64-bit sizes kept) with a zeroed
 *   payload — GPS position (©xyz), title, make/model, XMP; the creation and modification times
 *   in `mvhd`, `tkhd` and `mdhd` are zeroed (their width depends on the box version).
 * - WebM: `Tags` and `Attachments` become EBML `Void` elements of exactly the same length, as do
 *   `Title`, `DateUTC`, `MuxingApp` and `WritingApp` in `Info`, and the SeekHead entries that
 *   pointed at Tags or Attachments. Chapters stay.
 *
 * Call it only on bytes `sniffVideo` accepted (the structure is known to be readable); a
 * structure it cannot walk is left as it is rather than half-changed, and `false` is returned.
 */
export function stripVideoMetadata(buf: Buffer, container: 'mp4' | 'webm'): boolean {
  try {
    if (container === 'mp4') stripMp4(buf);
    else stripWebm(buf);
    return true;
  } catch {
    return false;
  }
}

// --- ISO BMFF ---------------------------------------------------------------------------------

const personalBoxes = new Set(['udta', 'meta', 'uuid']);

/** The box becomes `free`: same size field (32-bit, 0 = to the end, or 64-bit), zero payload. */
function blankBox(buf: Buffer, box: Box): void {
  buf.write('free', box.at + 4, 'latin1');
  buf.fill(0, box.start, box.end);
}

/** mvhd / tkhd / mdhd: after version and flags, two 32-bit (version 0) or 64-bit times. */
function zeroTimes(buf: Buffer, box: Box): void {
  if (box.end - box.start < 4) return;
  const width = buf.readUInt8(box.start) === 1 ? 16 : 8;
  const from = box.start + 4;
  if (from + width <= box.end) buf.fill(0, from, from + width);
}

function stripMp4(buf: Buffer): void {
  // Walk everything first, change afterwards: a box we cannot read leaves the file untouched.
  const blank: Box[] = [];
  const times: Box[] = [];
  const visit = (boxes: Iterable<Box>, level: 'file' | 'moov' | 'trak' | 'mdia') => {
    for (const box of boxes) {
      if (personalBoxes.has(box.type)) blank.push(box);
      else if (level === 'file' && box.type === 'moov')
        visit(boxesOf(buf, box.start, box.end), 'moov');
      else if (level === 'moov' && box.type === 'mvhd') times.push(box);
      else if (level === 'moov' && box.type === 'trak')
        visit(boxesOf(buf, box.start, box.end), 'trak');
      else if (level === 'trak' && box.type === 'tkhd') times.push(box);
      else if (level === 'trak' && box.type === 'mdia')
        visit(boxesOf(buf, box.start, box.end), 'mdia');
      else if (level === 'mdia' && box.type === 'mdhd') times.push(box);
    }
  };
  visit(boxesOf(buf, 0, buf.length), 'file');
  for (const box of blank) blankBox(buf, box);
  for (const box of times) zeroTimes(buf, box);
}

// --- EBML / WebM ------------------------------------------------------------------------------

const ids = {
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  seek: 0x4dbb,
  seekId: 0x53ab,
  info: 0x1549a966,
  cluster: 0x1f43b675,
  tags: 0x1254c367,
  attachments: 0x1941a469,
  title: 0x7ba9,
  dateUtc: 0x4461,
  muxingApp: 0x4d80,
  writingApp: 0x5741,
  void: 0xec,
} as const;

/** Level-1 elements dropped whole. */
const voidedTopLevel = new Set<number>([ids.tags, ids.attachments]);
/** Info children dropped. */
const voidedInInfo = new Set<number>([ids.title, ids.dateUtc, ids.muxingApp, ids.writingApp]);

interface Element {
  id: number;
  at: number;
  start: number;
  end: number;
  unknown: boolean;
}

function elementAt(buf: Buffer, at: number): Element {
  const id = readId(buf, at);
  const size = readVint(buf, at + id.length);
  const start = at + id.length + size.length;
  return { id: id.value, at, start, end: start + size.value, unknown: size.unknown };
}

/**
 * Writes a `Void` element (ID 0xEC) over `[from, to)`: 1 ID byte, a size VINT of the smallest
 * width (1–8) whose value fits, then zeros — exactly `to - from` bytes in all.
 */
export function writeVoid(buf: Buffer, from: number, to: number): void {
  const total = to - from;
  if (total < 2) throw new RangeError('too short for a Void element');
  for (let width = 1; width <= 8; width++) {
    const payload = total - 1 - width;
    if (payload < 0) break;
    // The all-ones value means "unknown size": the largest usable value is one below it.
    if (payload > 2 ** (7 * width) - 2) continue;
    buf.fill(0, from, to);
    buf.writeUInt8(ids.void, from);
    let rest = payload;
    for (let i = width - 1; i >= 0; i--) {
      buf.writeUInt8(rest % 256, from + 1 + i);
      rest = Math.floor(rest / 256);
    }
    buf.writeUInt8(buf.readUInt8(from + 1) | (0x80 >> (width - 1)), from + 1);
    return;
  }
  throw new RangeError('no Void size fits');
}

function stripWebm(buf: Buffer): void {
  const header = elementAt(buf, 0);
  if (header.unknown || header.end > buf.length) throw new RangeError('EBML header');
  const voids: Array<[number, number]> = [];
  let infoEnd = -1;
  for (let at = header.end; at < buf.length;) {
    const el = elementAt(buf, at);
    // Enter the Segment, Info and the SeekHead; a Cluster only when its size is unknown (a live
    // recording), to find the element after it. Everything else is stepped over whole.
    if (
      el.id === ids.segment ||
      el.id === ids.info ||
      el.id === ids.seekHead ||
      (el.id === ids.cluster && el.unknown)
    ) {
      if (el.id === ids.info && !el.unknown) infoEnd = el.end;
      at = el.start;
      continue;
    }
    if (el.unknown) throw new RangeError('unknown size');
    if (el.end > buf.length) break; // a live recording cut inside its last block
    if (voidedTopLevel.has(el.id)) voids.push([el.at, el.end]);
    else if (voidedInInfo.has(el.id) && at < infoEnd) voids.push([el.at, el.end]);
    else if (el.id === ids.seek && seeksTo(buf, el, voidedTopLevel)) voids.push([el.at, el.end]);
    at = el.end;
  }
  for (const [from, to] of voids) writeVoid(buf, from, to);
}

/** Whether a SeekHead entry points at one of `targets` (its SeekID holds the element ID). */
function seeksTo(buf: Buffer, seek: Element, targets: ReadonlySet<number>): boolean {
  for (let at = seek.start; at < seek.end;) {
    const el = elementAt(buf, at);
    if (el.unknown || el.end > seek.end) throw new RangeError('seek');
    if (el.id === ids.seekId && el.end - el.start <= 4 && el.end > el.start) {
      return targets.has(buf.readUIntBE(el.start, el.end - el.start));
    }
    at = el.end;
  }
  return false;
}
