import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { sniffVideo } from './video-sniff.js';

// Fixtures made once with ffmpeg (test/fixtures/README.md); the app never runs ffmpeg.
const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../../../test/fixtures', name));

describe('sniffVideo', () => {
  it('reads an MP4 with H.264 and AAC: size and duration from the container', () => {
    expect(sniffVideo(fixture('clip-h264-aac.mp4'))).toEqual({
      container: 'mp4',
      mimeType: 'video/mp4',
      videoCodec: 'avc1',
      audioCodec: 'mp4a',
      width: 64,
      height: 48,
      durationMs: expect.closeTo(2000, -2) as number,
    });
  });

  it('reads a WebM with VP9 and Opus', () => {
    expect(sniffVideo(fixture('clip-vp9-opus.webm'))).toMatchObject({
      container: 'webm',
      mimeType: 'video/webm',
      videoCodec: 'V_VP9',
      audioCodec: 'A_OPUS',
      width: 64,
      height: 48,
    });
    expect(sniffVideo(fixture('clip-vp9-opus.webm'))!.durationMs).toBeGreaterThan(1900);
  });

  it('reads a live WebM without Duration (VP8/Vorbis, as MediaRecorder writes) from its blocks', () => {
    const v = sniffVideo(fixture('live-vp8-vorbis.webm'))!;
    expect(v).toMatchObject({ videoCodec: 'V_VP8', audioCodec: 'A_VORBIS', width: 48, height: 32 });
    expect(v.durationMs).toBeGreaterThan(2500);
    expect(v.durationMs).toBeLessThanOrEqual(3100);
  });

  it('reads the real length of a long video', () => {
    expect(sniffVideo(fixture('long-65s.mp4'))).toMatchObject({
      audioCodec: null,
      durationMs: expect.closeTo(65_000, -3) as number,
    });
  });

  it('refuses another codec, images, truncated and made-up containers', async () => {
    const mp4 = fixture('clip-h264-aac.mp4');
    const webm = fixture('clip-vp9-opus.webm');
    const jpeg = await sharp({
      create: { width: 8, height: 8, channels: 3, background: '#000' },
    })
      .jpeg()
      .toBuffer();
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic'),
    ]);
    const matroska = Buffer.from(webm);
    matroska.write('matroska', webm.indexOf('webm'), 'latin1'); // DocType no longer webm
    const cases: Record<string, Buffer> = {
      'MPEG-4 part 2 video': fixture('mpeg4-part2.mp4'),
      jpeg,
      'HEIC photo': heic,
      'truncated mp4 (no moov)': mp4.subarray(0, 200),
      'truncated webm (no tracks)': webm.subarray(0, 40),
      'empty file': Buffer.alloc(0),
      'text named .mp4': Buffer.from('<html>not a video</html>'),
      'DocType matroska': matroska,
    };
    for (const [label, bytes] of Object.entries(cases)) {
      expect(sniffVideo(bytes), label).toBeNull();
    }
  });

  it('refuses an MP4 whose sound is not AAC', () => {
    const mp4 = Buffer.from(fixture('clip-h264-aac.mp4'));
    const at = mp4.indexOf('mp4a', mp4.indexOf('stsd'));
    // The second stsd (the sound track) holds the mp4a entry.
    const sound = mp4.indexOf('mp4a', mp4.indexOf('stsd', mp4.indexOf('soun')));
    expect(at).toBeGreaterThan(0);
    mp4.write('ac-3', sound, 'latin1');
    expect(sniffVideo(mp4)).toBeNull();
  });
});
