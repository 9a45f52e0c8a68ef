/**
 * The landmarks the scripts give the hair mask with --landmarks, found the way the hair
 * endpoints find them: the largest face (its oval, brows, eyes and mouth) and the other people's
 * ovals.
 */
import { createFaceDetector } from '../src/landmarks/detector.js';
import { facePoints, hairFaceHint, otherFaces } from '../src/landmarks/face-geometry.js';
import type { FaceHint, RgbImage } from '../src/segmentation/index.js';

export async function createFaceHinter(): Promise<
  (image: RgbImage) => Promise<FaceHint | undefined>
> {
  const detector = await createFaceDetector();
  return async (image) => {
    const data = new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
    const faces = await detector.detect({ data, width: image.width, height: image.height });
    const main = faces.sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height)[0];
    if (!main) return undefined;
    return hairFaceHint(
      facePoints(main.mesh),
      otherFaces(faces, main).map((other) => facePoints(other.mesh)),
    );
  };
}
