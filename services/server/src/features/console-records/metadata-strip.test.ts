import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stripVideoMetadata, writeVoid } from './metadata-strip.js';
import { sniffVideo } from './video-sniff.js';

// Fixtures made once with ffmpeg (test/fixtures/README.md); the app never runs ffmpeg.
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../../test/fixtures', name));

// Decoding the stripped file needs ffmpeg, which CI machines need not have: that one check is
// skipped without it (with a note); the byte-level checks always run.
const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
const scratch = mkdtempSync(join(tmpdir(), 'carol-strip-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function decodes(bytes: Buffer, ext: string): string {
  const file = join(scratch, `out-${Math.random().toString(36).slice(2)}.${ext}`);
  writeFileSync(file, bytes);
  const run = spawnSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  return `${run.status}:${run.stderr}`;
}

function probeTags(bytes: Buffer, ext: string): string {
  const file = join(scratch, `probe-${Math.random().toString(36).slice(2)}.${ext}`);
  writeFileSync(file, bytes);
  const run = spawnSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'format_tags:stream_tags', '-of', 'json', file],
    { encoding: 'utf8' },
  );
  return run.stdout;
}

const secrets = ['secret-title-7Q', 'secret-comment-7Q', '+37.5665+126.9780', 'Lavf'];

/** The 32/64-bit creation time of the first `type` box (mvhd, tkhd, mdhd). */
function creationTime(bytes: Buffer, type: string): bigint {
  const at = bytes.indexOf(type, 0, 'latin1') + 4;
  return bytes.readUInt8(at) === 1
    ? bytes.readBigUInt64BE(at + 4)
    : BigInt(bytes.readUInt32BE(at + 4));
}

describe('stripVideoMetadata', () => {
  const cases = [
    { name: 'meta-faststart.mp4', ext: 'mp4', container: 'mp4' as const },
    { name: 'meta-moov-last.mp4', ext: 'mp4', container: 'mp4' as const },
    { name: 'meta-location.mov', ext: 'mov', container: 'mp4' as const },
    { name: 'meta-vp9-opus.webm', ext: 'webm', container: 'webm' as const },
  ];

  for (const { name, ext, container } of cases) {
    it(`${name}: the title, place and dates are gone, size and picture unchanged`, () => {
      const original = fixture(name);
      const before = sniffVideo(original)!;
      expect(before.container).toBe(container);
      // The fixture really carries what the test says it removes.
      expect(original.includes('secret-title-7Q')).toBe(true);
      if (ext === 'mov' || ext === 'webm')
        expect(original.includes('+37.5665+126.9780')).toBe(true);

      const bytes = Buffer.from(original);
      expect(stripVideoMetadata(bytes, container)).toBe(true);

      expect(bytes.length).toBe(original.length);
      for (const secret of secrets) expect(bytes.includes(secret), secret).toBe(false);
      expect(sniffVideo(bytes)).toEqual(before);

      if (container === 'mp4') {
        // ffmpeg wrote 2024-01-01 as the creation time of the movie, tracks and media.
        for (const type of ['mvhd', 'tkhd', 'mdhd']) {
          expect(creationTime(original, type), type).toBeGreaterThan(0n);
          expect(creationTime(bytes, type), type).toBe(0n);
        }
        // The sample data is byte for byte the same: only metadata moved.
        const mdat = original.indexOf('mdat', 0, 'latin1');
        const mdatSize = original.readUInt32BE(mdat - 4);
        expect(bytes.subarray(mdat - 4, mdat - 4 + mdatSize)).toEqual(
          original.subarray(mdat - 4, mdat - 4 + mdatSize),
        );
        expect(bytes.includes('udta')).toBe(false);
      } else {
        // DateUTC (0x4461, 8 bytes) is a Void now.
        const dateUtc = original.indexOf(Buffer.from([0x44, 0x61, 0x88]));
        expect(dateUtc).toBeGreaterThan(0);
        expect(bytes[dateUtc]).toBe(0xec);
        // The Tags element (0x1254C367) is gone, and so is its SeekHead entry.
        expect(original.includes(Buffer.from([0x12, 0x54, 0xc3, 0x67]))).toBe(true);
        expect(bytes.includes(Buffer.from([0x12, 0x54, 0xc3, 0x67]))).toBe(false);
        // The Cues and Clusters are where they were.
        const cues = Buffer.from([0x1c, 0x53, 0xbb, 0x6b]);
        expect(bytes.indexOf(cues)).toBe(original.indexOf(cues));
      }

      if (!hasFfmpeg) {
        console.info('ffmpeg not installed: decoding the stripped file is not checked');
        return;
      }
      expect(decodes(bytes, ext)).toBe('0:');
      const tags = probeTags(bytes, ext);
      for (const secret of [...secrets, '2024-01-01']) expect(tags).not.toContain(secret);
    });
  }

  it('leaves the clean fixtures readable and the same size', () => {
    for (const name of ['clip-h264-aac.mp4', 'clip-vp9-opus.webm', 'live-vp8-vorbis.webm']) {
      const original = fixture(name);
      const before = sniffVideo(original)!;
      const bytes = Buffer.from(original);
      expect(stripVideoMetadata(bytes, before.container), name).toBe(true);
      expect(bytes.length).toBe(original.length);
      expect(sniffVideo(bytes), name).toEqual(before);
    }
  });

  it('keeps a 64-bit largesize box its size and blanks it', () => {
    const mp4 = fixture('clip-h264-aac.mp4');
    // A top-level uuid box (XMP) with a 64-bit size, appended after the movie.
    const xmp = Buffer.from('<x:xmpmeta>GPS 37.5665 secret-xmp</x:xmpmeta>', 'latin1');
    const box = Buffer.alloc(16 + 16 + xmp.length);
    box.writeUInt32BE(1, 0);
    box.write('uuid', 4, 'latin1');
    box.writeBigUInt64BE(BigInt(box.length), 8);
    box.fill(0xbe, 16, 32); // the UUID
    xmp.copy(box, 32);
    const bytes = Buffer.concat([mp4, box]);
    expect(stripVideoMetadata(bytes, 'mp4')).toBe(true);
    const at = mp4.length;
    expect(bytes.readUInt32BE(at)).toBe(1);
    expect(bytes.toString('latin1', at + 4, at + 8)).toBe('free');
    expect(bytes.readBigUInt64BE(at + 8)).toBe(BigInt(box.length));
    expect(bytes.subarray(at + 16).every((b) => b === 0)).toBe(true);
    expect(sniffVideo(bytes)).toEqual(sniffVideo(mp4));
  });

  it('changes nothing when the structure cannot be walked', () => {
    const mp4 = Buffer.from(fixture('meta-faststart.mp4'));
    const broken = Buffer.from(mp4);
    broken.writeUInt32BE(0x7fffffff, broken.indexOf('moov', 0, 'latin1') - 4); // past the end
    const copy = Buffer.from(broken);
    expect(stripVideoMetadata(broken, 'mp4')).toBe(false);
    expect(broken).toEqual(copy);
  });
});

describe('writeVoid', () => {
  it('fills exactly the given length for every width, choosing a size that fits', () => {
    for (const total of [2, 3, 9, 127, 128, 129, 130, 16_385, 16_386, 70_000]) {
      const buf = Buffer.alloc(total + 2, 0xaa);
      writeVoid(buf, 1, 1 + total);
      expect(buf[0]).toBe(0xaa);
      expect(buf[total + 1]).toBe(0xaa);
      expect(buf[1]).toBe(0xec);
      // Decode the size VINT back: 1 + its width + its value is the length.
      const first = buf[2]!;
      let width = 1;
      while (!(first & (0x80 >> (width - 1)))) width++;
      let value = first & (0xff >> width);
      for (let i = 1; i < width; i++) value = value * 256 + buf[2 + i]!;
      expect(1 + width + value, `total ${total}`).toBe(total);
      expect(value).not.toBe(2 ** (7 * width) - 1); // never the "unknown size" value
    }
  });
});
