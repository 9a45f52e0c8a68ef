import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairSamples, readTruthMask, sampleStem } from '../scripts/eval-data.js';

describe('eval:ml pairs photos with their masks', () => {
  it('matches the sets’ naming: Figaro-1k’s -org/-gt, plain stems, _mask, other extensions', () => {
    expect(sampleStem('Frame00013-org.jpg')).toBe('frame00013');
    expect(sampleStem('Frame00013-gt.png')).toBe('frame00013');
    expect(sampleStem('AJ_Cook_0001.png')).toBe('aj_cook_0001');
    expect(sampleStem('photo_12_mask.PNG')).toBe('photo_12');

    const { pairs, unlabelled } = pairSamples(
      ['b-org.jpg', 'a.JPG', 'c.jpeg', '.DS_Store', 'notes.txt'],
      ['a.png', 'b-gt.png', 'README.md', 'z.png'],
    );
    expect(pairs).toEqual([
      { image: 'a.JPG', mask: 'a.png' },
      { image: 'b-org.jpg', mask: 'b-gt.png' },
    ]);
    expect(unlabelled).toEqual(['c.jpeg']);
  });
});

describe('eval:ml reads a ground-truth mask as hair / not hair', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'eval-data-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** A 4×2 single-channel PNG with the given values (row by row). */
  const grey = async (name: string, values: number[]) => {
    const path = join(dir, name);
    const png = await sharp(Buffer.from(values), { raw: { width: 4, height: 2, channels: 1 } })
      .png()
      .toBuffer();
    await writeFile(path, png);
    return path;
  };

  it('reads 0/255 masks as they are', async () => {
    const path = await grey('full.png', [0, 255, 255, 0, 0, 0, 255, 255]);
    expect([...(await readTruthMask(path, 4, 2))]).toEqual([0, 255, 255, 0, 0, 0, 255, 255]);
  });

  it('reads labels stored as 0/1 the same way (the old > 127 rule saw no hair at all)', async () => {
    const path = await grey('ones.png', [0, 1, 1, 0, 0, 0, 1, 1]);
    expect([...(await readTruthMask(path, 4, 2))]).toEqual([0, 255, 255, 0, 0, 0, 255, 255]);
  });

  it('keeps an all-black mask empty', async () => {
    const path = await grey('empty.png', [0, 0, 0, 0, 0, 0, 0, 0]);
    expect([...(await readTruthMask(path, 4, 2))]).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('counts transparent pixels of an RGBA mask as not hair', async () => {
    const path = join(dir, 'alpha.png');
    const white = [255, 255, 255];
    const rgba = [...white, 255, ...white, 0, ...white, 255, 0, 0, 0, 255];
    await sharp(Buffer.from(rgba), { raw: { width: 2, height: 2, channels: 4 } })
      .png()
      .toFile(path);
    expect([...(await readTruthMask(path, 2, 2))]).toEqual([255, 0, 255, 0]);
  });

  it('scales the mask to the photo’s size without blending labels', async () => {
    const path = await grey('small.png', [0, 255, 255, 0, 0, 0, 255, 255]);
    const big = await readTruthMask(path, 8, 4);
    expect(big.length).toBe(32);
    expect(new Set(big)).toEqual(new Set([0, 255]));
    expect(big.filter((v) => v === 255).length).toBe(16);
  });

  it('fails on a file that is not an image (eval skips that photo and says so)', async () => {
    const path = join(dir, 'broken.png');
    await writeFile(path, 'not a png');
    await expect(readTruthMask(path, 4, 2)).rejects.toThrow();
  });
});
