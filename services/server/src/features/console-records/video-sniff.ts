import { boxesOf, readId, readVint, type Box } from './container-reader.js';

/**
 * What a video upload really is, read from its bytes (never from its name or Content-Type):
 * - MP4 / MOV (ISO base media file format): an `ftyp` box, a `moov` box (before or after
 *   `mdat`) whose video tracks are all H.264 (`avc1`/`avc3`) and whose sound tracks, if any, are
 *   all AAC (`mp4a`); width and height from the video track header, duration from the movie
 *   header (or the video track's media header);
 * - WebM (Matroska with EBML DocType `webm`): video tracks VP8/VP9/AV1, audio Opus/Vorbis or
 *   none; width and height from the track's Video element, duration from Info (TimecodeScale ×
 *   Duration) or, for a live recording without Duration (MediaRecorder), from the last block's
 *   timecode.
 * Anything else — a renamed image, a truncated or unknown container, another codec — is `null`.
 * Nothing is decoded: the bytes are stored as sent (ADR 034).
 */
export interface SniffedVideo {
  container: 'mp4' | 'webm';
  mimeType: 'video/mp4' | 'video/webm';
  videoCodec: string;
  audioCodec: string | null;
  width: number;
  height: number;
  durationMs: number;
}

export function sniffVideo(bytes: Uint8Array): SniffedVideo | null {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    if (buf.length >= 12 && buf.toString('latin1', 4, 8) === 'ftyp') return sniffMp4(buf);
    if (buf.length >= 4 && buf.readUInt32BE(0) === 0x1a45dfa3) return sniffWebm(buf);
  } catch {
    // A read past the end of a truncated file: not a video we take.
    return null;
  }
  return null;
}

// --- ISO BMFF ---------------------------------------------------------------------------------

function child(buf: Buffer, parent: Box, type: string): Box | undefined {
  for (const box of boxesOf(buf, parent.start, parent.end)) if (box.type === type) return box;
  return undefined;
}

const mp4VideoCodecs = new Set(['avc1', 'avc3']);
const mp4AudioCodecs = new Set(['mp4a']);

function sniffMp4(buf: Buffer): SniffedVideo | null {
  let moov: Box | undefined;
  let hasMdat = false;
  for (const box of boxesOf(buf, 0, buf.length)) {
    if (box.type === 'moov') moov = box;
    if (box.type === 'mdat' && box.end > box.start) hasMdat = true;
  }
  if (!moov || !hasMdat) return null;

  let movieDurationMs: number | null = null;
  const mvhd = child(buf, moov, 'mvhd');
  if (mvhd) movieDurationMs = durationOf(buf, mvhd.start, 12, 16);

  let video: { codec: string; width: number; height: number; durationMs: number | null } | null =
    null;
  let audioCodec: string | null = null;
  for (const trak of boxesOf(buf, moov.start, moov.end)) {
    if (trak.type !== 'trak') continue;
    const mdia = child(buf, trak, 'mdia');
    const hdlr = mdia && child(buf, mdia, 'hdlr');
    if (!mdia || !hdlr) return null;
    const handler = buf.toString('latin1', hdlr.start + 8, hdlr.start + 12);
    if (handler !== 'vide' && handler !== 'soun') continue; // timecode, metadata, hints
    const stsd = child(
      buf,
      child(buf, child(buf, mdia, 'minf') ?? fail(), 'stbl') ?? fail(),
      'stsd',
    );
    if (!stsd) return null;
    const entries = [...boxesOf(buf, stsd.start + 8, stsd.end)];
    if (entries.length === 0) return null;
    for (const entry of entries) {
      if (handler === 'vide' && !mp4VideoCodecs.has(entry.type)) return null;
      if (handler === 'soun' && !mp4AudioCodecs.has(entry.type)) return null;
    }
    const first = entries[0]!;
    if (handler === 'soun') {
      audioCodec = first.type;
      continue;
    }
    const tkhd = child(buf, trak, 'tkhd');
    if (!tkhd) return null;
    // Width and height are the last two 16.16 fixed-point fields of the track header.
    let width = Math.round(buf.readUInt32BE(tkhd.end - 8) / 65536);
    let height = Math.round(buf.readUInt32BE(tkhd.end - 4) / 65536);
    if (width === 0 || height === 0) {
      // The visual sample entry's own size: after 6 reserved, 2 index and 16 pre-defined bytes.
      width = buf.readUInt16BE(first.start + 24);
      height = buf.readUInt16BE(first.start + 26);
    }
    const mdhd = child(buf, mdia, 'mdhd');
    const durationMs = mdhd ? durationOf(buf, mdhd.start, 12, 16) : null;
    if (video) return null; // one picture track: a second one is not a phone video
    video = { codec: first.type, width, height, durationMs };
  }
  if (!video || video.width <= 0 || video.height <= 0) return null;
  const durationMs = movieDurationMs || video.durationMs;
  if (!durationMs || durationMs <= 0) return null;
  return {
    container: 'mp4',
    mimeType: 'video/mp4',
    videoCodec: video.codec,
    audioCodec,
    width: video.width,
    height: video.height,
    durationMs,
  };
}

/**
 * mvhd / mdhd: version 0 has 32-bit creation and modification times, then timescale and a
 * 32-bit duration; version 1 has 64-bit times and a 64-bit duration.
 */
function durationOf(buf: Buffer, start: number, v0Scale: number, v1Scale: number): number | null {
  const version = buf.readUInt8(start);
  const scaleAt = start + (version === 1 ? 4 + v1Scale : v0Scale);
  const timescale = buf.readUInt32BE(scaleAt);
  const duration =
    version === 1 ? Number(buf.readBigUInt64BE(scaleAt + 4)) : buf.readUInt32BE(scaleAt + 4);
  if (timescale === 0 || duration === 0 || duration === 0xffffffff) return null;
  return Math.round((duration * 1000) / timescale);
}

function fail(): never {
  throw new RangeError('missing box');
}

// --- EBML / WebM ------------------------------------------------------------------------------

const ids = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackNumber: 0xd7,
  trackType: 0x83,
  codecId: 0x86,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
  clusterTimecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
} as const;

/** Elements whose children are read in the same flat pass (their size may be unknown). */
const containers = new Set<number>([
  ids.segment,
  ids.info,
  ids.tracks,
  ids.trackEntry,
  ids.video,
  ids.cluster,
  ids.blockGroup,
]);

const webmVideoCodecs = new Set(['V_VP8', 'V_VP9', 'V_AV1']);
const webmAudioCodecs = new Set(['A_OPUS', 'A_VORBIS']);

function readUint(buf: Buffer, start: number, size: number): number {
  if (size === 0) return 0;
  if (size > 6) return Number(buf.readBigUInt64BE(start + size - 8) & 0x1fffffffffffffn);
  return buf.readUIntBE(start, size);
}

interface WebmTrack {
  number: number;
  type: number;
  codec: string;
  width: number;
  height: number;
}

function sniffWebm(buf: Buffer): SniffedVideo | null {
  // The EBML header: its DocType must say webm.
  const headerId = readId(buf, 0);
  const headerSize = readVint(buf, headerId.length);
  const headerStart = headerId.length + headerSize.length;
  const headerEnd = headerStart + headerSize.value;
  if (headerSize.unknown || headerEnd > buf.length) return null;
  let docType = '';
  for (let at = headerStart; at < headerEnd;) {
    const id = readId(buf, at);
    const size = readVint(buf, at + id.length);
    const start = at + id.length + size.length;
    if (id.value === ids.docType) docType = buf.toString('latin1', start, start + size.value);
    at = start + size.value;
  }
  if (docType.replace(/\0+$/, '') !== 'webm') return null;

  let timecodeScale = 1_000_000;
  let duration: number | null = null;
  let sawSegment = false;
  const tracks: WebmTrack[] = [];
  let track: WebmTrack | null = null;
  let clusterTimecode = 0;
  let lastTimecode = 0;

  for (let at = headerEnd; at < buf.length;) {
    const id = readId(buf, at);
    const size = readVint(buf, at + id.length);
    const start = at + id.length + size.length;
    if (id.value === ids.segment) sawSegment = true;
    if (containers.has(id.value)) {
      if (id.value === ids.trackEntry) {
        track = { number: 0, type: 0, codec: '', width: 0, height: 0 };
        tracks.push(track);
      }
      at = start; // enter: the children follow
      continue;
    }
    if (size.unknown) return null;
    const end = start + size.value;
    if (end > buf.length) {
      // A live recording cut at the end of its last block is still readable up to there.
      if (id.value === ids.simpleBlock || id.value === ids.block) break;
      return null;
    }
    switch (id.value) {
      case ids.timecodeScale:
        timecodeScale = readUint(buf, start, size.value);
        break;
      case ids.duration:
        duration =
          size.value === 4
            ? buf.readFloatBE(start)
            : size.value === 8
              ? buf.readDoubleBE(start)
              : null;
        break;
      case ids.trackNumber:
        if (track) track.number = readUint(buf, start, size.value);
        break;
      case ids.trackType:
        if (track) track.type = readUint(buf, start, size.value);
        break;
      case ids.codecId:
        if (track) track.codec = buf.toString('latin1', start, end).replace(/\0+$/, '');
        break;
      case ids.pixelWidth:
        if (track) track.width = readUint(buf, start, size.value);
        break;
      case ids.pixelHeight:
        if (track) track.height = readUint(buf, start, size.value);
        break;
      case ids.clusterTimecode:
        clusterTimecode = readUint(buf, start, size.value);
        lastTimecode = Math.max(lastTimecode, clusterTimecode);
        break;
      case ids.simpleBlock:
      case ids.block: {
        const trackNo = readVint(buf, start);
        const relative = buf.readInt16BE(start + trackNo.length);
        lastTimecode = Math.max(lastTimecode, clusterTimecode + relative);
        break;
      }
    }
    at = end;
  }
  if (!sawSegment) return null;
  const videos = tracks.filter((t) => t.type === 1);
  const audios = tracks.filter((t) => t.type === 2);
  if (videos.length !== 1 || tracks.some((t) => t.type !== 1 && t.type !== 2)) return null;
  if (!videos.every((t) => webmVideoCodecs.has(t.codec))) return null;
  if (!audios.every((t) => webmAudioCodecs.has(t.codec))) return null;
  const video = videos[0]!;
  if (video.width <= 0 || video.height <= 0 || timecodeScale <= 0) return null;
  const ticks = duration && duration > 0 ? duration : lastTimecode;
  const durationMs = Math.round((ticks * timecodeScale) / 1_000_000);
  if (!(durationMs > 0)) return null;
  return {
    container: 'webm',
    mimeType: 'video/webm',
    videoCodec: video.codec,
    audioCodec: audios[0]?.codec ?? null,
    width: video.width,
    height: video.height,
    durationMs,
  };
}
