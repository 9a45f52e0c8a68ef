import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';

/**
 * Hard cases for the photo check (ADR 037), made at test time from the evaluation portraits in
 * ../shared/testdata/faces (never copied into the repository): a frontal portrait rotated (roll),
 * cut by the photo's edge beside and above the face, shrunk on a wide canvas (small face), and
 * with a second, smaller portrait beside it (several faces). `locate` finds the face box of the
 * source photo (the landmark endpoint or pipeline), so the cuts follow the face, not guesses.
 */
export interface PhotoCase {
  name: string;
  bytes: Buffer;
}

export const frontalSource = 'human-samples/person-vlado.jpg';
export const secondSource = 'human-samples/ai-upper.jpg';

type Locate = (bytes: Buffer) => Promise<{ x: number; y: number; width: number; height: number }>;

const jpeg = (image: Sharp) => image.jpeg({ quality: 90 }).toBuffer();

export async function hardCases(root: string, locate?: Locate): Promise<PhotoCase[]> {
  const base = await sharp(join(root, frontalSource))
    .rotate()
    .resize({ width: 1024, height: 1024, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 92 })
    .toBuffer();
  const meta = await sharp(base).metadata();
  const width = meta.width;
  const height = meta.height;
  const grey = { r: 128, g: 128, b: 128 };
  const cases: PhotoCase[] = [
    { name: 'case-frontal', bytes: base },
    {
      name: 'case-roll-35',
      bytes: await jpeg(sharp(base).rotate(35, { background: grey })),
    },
    {
      name: 'case-small',
      bytes: await jpeg(
        sharp(
          await sharp(base)
            .resize({ width: Math.round(width * 0.5) })
            .toBuffer(),
        ).extend({
          top: Math.round(height * 0.3),
          bottom: Math.round(height * 0.3),
          left: Math.round(width * 0.4),
          right: Math.round(width * 0.4),
          background: grey,
        }),
      ),
    },
  ];
  // The second portrait at half the subject's height beside it: a second person.
  const secondHeight = Math.round(height * 0.5);
  const second = await sharp(join(root, secondSource))
    .rotate()
    .resize({ height: secondHeight })
    .toBuffer({ resolveWithObject: true });
  cases.push({
    name: 'case-two-faces',
    bytes: await jpeg(
      sharp({
        create: { width: width + second.info.width, height, channels: 3, background: grey },
      }).composite([
        { input: base, left: 0, top: 0 },
        { input: second.data, left: width, top: height - secondHeight },
      ]),
    ),
  });
  if (locate) {
    const box = await locate(base);
    // Cut through the face: the image-left third of it is outside the photo.
    const left = Math.round(box.x + box.width * 0.3);
    cases.push({
      name: 'case-cut-side',
      bytes: await jpeg(sharp(base).extract({ left, top: 0, width: width - left, height })),
    });
    // Cut just above the brows' height (the forehead and the top of the head are outside).
    const top = Math.round(box.y + box.height * 0.12);
    cases.push({
      name: 'case-cut-top',
      bytes: await jpeg(sharp(base).extract({ left: 0, top, width, height: height - top })),
    });
  }
  return cases;
}
