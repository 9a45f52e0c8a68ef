import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  decodeImage,
  encodeMaskPng,
  HairSegmentationError,
  predictHairMask,
  predictHairProbability,
  warmUpSegmentation,
  type RgbImage,
} from './index.js';
import { HairNetworkThread } from './network-thread.js';
import { facesDir } from '../../test/testdata.js';

const faces = facesDir;

/** Golden images: IoU of the mask against the ground truth when this was written. */
const golden = [
  { set: 'figaro1k', image: 'Frame00013-org.jpg', mask: 'Frame00013-gt.png', iou: 0.93 },
  { set: 'figaro1k', image: 'Frame00450-org.jpg', mask: 'Frame00450-gt.png', iou: 0.85 },
  { set: 'figaro1k', image: 'Frame00869-org.jpg', mask: 'Frame00869-gt.png', iou: 0.72 },
  { set: 'lfw', image: 'AJ_Cook_0001.jpg', mask: 'AJ_Cook_0001.png', iou: 0.886 },
  { set: 'lfw', image: 'Jackie_Chan_0010.jpg', mask: 'Jackie_Chan_0010.png', iou: 0.826 },
];
const TOLERANCE = 0.02;

async function groundTruth(path: string, width: number, height: number): Promise<Uint8Array> {
  const { data } = await sharp(path)
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'nearest' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data);
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0;
  let union = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]! > 127;
    const y = b[i]! > 127;
    if (x && y) inter++;
    if (x || y) union++;
  }
  return union === 0 ? 1 : inter / union;
}

describe('predictHairMask', () => {
  beforeAll(async () => {
    await warmUpSegmentation();
  });

  it.each(golden)('$set/$image: IoU against the ground truth ≥ $iou − tolerance', async (g) => {
    const image = await decodeImage(readFileSync(`${faces}${g.set}/images/${g.image}`));
    const result = await predictHairMask(image);
    expect(result.width).toBe(image.width);
    expect(result.height).toBe(image.height);
    expect(result.matte).toHaveLength(image.width * image.height);
    expect(result.matte.every((v) => v >= 0 && v <= 1)).toBe(true);
    const truth = await groundTruth(`${faces}${g.set}/masks/${g.mask}`, image.width, image.height);
    expect(iou(result.mask, truth)).toBeGreaterThanOrEqual(g.iou - TOLERANCE);
  });

  it('is deterministic', async () => {
    const image = await decodeImage(readFileSync(`${faces}lfw/images/AJ_Cook_0001.jpg`));
    const a = await predictHairMask(image);
    const b = await predictHairMask(image);
    expect(Buffer.from(a.mask).equals(Buffer.from(b.mask))).toBe(true);
  });

  it('gives the same matte with the network run on its own thread', async () => {
    const image = await decodeImage(readFileSync(`${faces}figaro1k/images/Frame00450-org.jpg`));
    const thread = await HairNetworkThread.start();
    try {
      const network = await thread.predict(image);
      const here = await predictHairProbability(image);
      expect(
        Buffer.from(network.probability.buffer).equals(Buffer.from(here.probability.buffer)),
      ).toBe(true);
      expect(Object.keys(network.timings)).toEqual(['preprocess', 'pass1', 'pass2']);
      const [a, b] = await Promise.all([
        predictHairMask(image, { network }),
        predictHairMask(image),
      ]);
      expect(Buffer.from(a.matte.buffer).equals(Buffer.from(b.matte.buffer))).toBe(true);
      // a bad image is refused on the thread with the same error
      const bad: RgbImage = { data: new Uint8Array(10), width: 4, height: 4, channels: 3 };
      await expect(thread.predict(bad)).rejects.toMatchObject({ code: 'invalid_image' });
    } finally {
      await thread.close();
    }
  });

  it('never puts hair in the face below the eyes when landmarks are given', async () => {
    const image = await decodeImage(readFileSync(`${faces}lfw/images/AJ_Cook_0001.jpg`));
    const plain = await predictHairMask(image);
    // A made-up face placed over the hair on the right of this 250×250 photo: oval centred at
    // (200, 170), 60×100 px, brows at y ≈ 125, so the cut line is at y ≈ 150.
    const [cx, cy, rx, ry] = [200, 170, 30, 50];
    const oval: Array<[number, number]> = [];
    for (let k = 0; k < 36; k++) {
      const t = (2 * Math.PI * k) / 36;
      oval.push([cx + rx * Math.sin(t), cy - ry * Math.cos(t)]);
    }
    const eyebrows: Array<[number, number]> = [
      [185, 126],
      [192, 124],
      [208, 124],
      [215, 126],
    ];
    const withFace = await predictHairMask(image, { landmarks: { faceOval: oval, eyebrows } });
    const inside = [
      [200, 170],
      [195, 185],
      [205, 195],
    ] as const;
    for (const [x, y] of inside) {
      expect(plain.mask[y * image.width + x]).toBe(255);
      expect(withFace.mask[y * image.width + x]).toBe(0);
    }
    // above the cut line (a fringe over the brows) and outside the oval, the hair stays
    expect(withFace.mask[135 * image.width + 200]).toBe(255);
    let kept = 0;
    let before = 0;
    for (let i = 0; i < plain.mask.length; i++) {
      const x = i % image.width;
      const y = Math.floor(i / image.width);
      if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 < 1.1) continue;
      if (plain.mask[i]) before++;
      if (plain.mask[i] && withFace.mask[i]) kept++;
    }
    expect(before).toBeGreaterThan(5000);
    expect(kept / before).toBeGreaterThan(0.99);
  });

  it('drops hair that is not connected to the head when landmarks are given', async () => {
    // the same person twice, side by side with a gap: landmarks name the left one
    const base = await decodeImage(readFileSync(`${faces}lfw/images/AJ_Cook_0001.jpg`));
    const width = 540;
    const height = 250;
    const copy = await sharp(base.data, { raw: { width: 250, height: 250, channels: 3 } })
      .png()
      .toBuffer();
    const canvas = await sharp({
      create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } },
    })
      .composite([
        { input: copy, left: 0, top: 0 },
        { input: copy, left: 290, top: 0 },
      ])
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image: RgbImage = { data: new Uint8Array(canvas.data), width, height, channels: 3 };
    const hairIn = (mask: Uint8Array, from: number, to: number) => {
      let n = 0;
      for (let y = 0; y < height; y++)
        for (let x = from; x < to; x++) n += mask[y * width + x] ? 1 : 0;
      return n;
    };
    const plain = await predictHairMask(image);
    const oval: Array<[number, number]> = [];
    for (let k = 0; k < 36; k++) {
      const t = (2 * Math.PI * k) / 36;
      oval.push([125 + 45 * Math.sin(t), 130 - 60 * Math.cos(t)]);
    }
    const withFace = await predictHairMask(image, { landmarks: { faceOval: oval } });
    expect(hairIn(plain.mask, 290, 540)).toBeGreaterThan(3000);
    expect(hairIn(withFace.mask, 290, 540)).toBe(0);
    expect(hairIn(withFace.mask, 0, 250)).toBeGreaterThan(0.9 * hairIn(plain.mask, 0, 250));
  });

  it('honours the EXIF orientation', async () => {
    const source = readFileSync(`${faces}lfw/images/AJ_Cook_0001.jpg`);
    const upright = await decodeImage(source);
    const wide = await sharp(source).resize(250, 180, { fit: 'fill' }).jpeg().toBuffer();
    // stored sideways with orientation 6 (rotate 90° clockwise to display)
    const sideways = await sharp(wide)
      .rotate(-90)
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const decoded = await decodeImage(sideways);
    expect([decoded.width, decoded.height]).toEqual([250, 180]);
    expect(upright.width).toBe(250);
  });

  it('rejects corrupt and unusable input with a clear error', async () => {
    const jpeg = readFileSync(`${faces}lfw/images/AJ_Cook_0001.jpg`);
    await expect(decodeImage(new Uint8Array(0))).rejects.toMatchObject({ code: 'invalid_image' });
    await expect(decodeImage(Buffer.from('not an image at all'))).rejects.toBeInstanceOf(
      HairSegmentationError,
    );
    await expect(decodeImage(jpeg.subarray(0, jpeg.length / 3))).rejects.toMatchObject({
      code: 'invalid_image',
    });
    const bad: RgbImage = { data: new Uint8Array(10), width: 4, height: 4, channels: 3 };
    await expect(predictHairMask(bad)).rejects.toMatchObject({ code: 'invalid_image' });
    const huge: RgbImage = { data: new Uint8Array(3), width: 10_000, height: 10_000, channels: 3 };
    await expect(predictHairMask(huge)).rejects.toMatchObject({ code: 'image_too_large' });
  });

  it('encodes a mask as an 8-bit greyscale PNG of the same size', async () => {
    const mask = Uint8Array.from({ length: 12 }, (_, i) => (i % 2 ? 255 : 0));
    const png = await encodeMaskPng(mask, 4, 3);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels, meta.depth]).toEqual([
      'png',
      4,
      3,
      1,
      'uchar',
    ]);
    const { data } = await sharp(png).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
    expect(Array.from(data)).toEqual(Array.from(mask));
  });
});
