/**
 * The hair segmentation network on onnxruntime-node. The committed TFLite file is converted to
 * ONNX in memory when the session is first needed (tens of milliseconds), so no generated file
 * has to be kept in step with it. One session per thread: each worker thread that imports this
 * module gets its own, created lazily.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as ort from 'onnxruntime-node';
import { readTflite } from './tflite.js';
import { convertTfliteToOnnx } from './tflite-to-onnx.js';
import { HairSegmentationError } from './types.js';

export const MODEL_SIZE = 512;

export const defaultModelPath = fileURLToPath(
  new URL('../../models/hair_segmentation.tflite', import.meta.url),
);

/** Reads and converts the TFLite model; the bytes are a valid ONNX model. */
export async function buildHairSegmentationOnnx(path = defaultModelPath): Promise<Uint8Array> {
  const tflite = await readFile(path);
  return convertTfliteToOnnx(readTflite(tflite), {
    layout: 'nchw',
    softmaxOutputs: true,
    docString:
      'MediaPipe hair segmentation (Apache-2.0, github.com/google/mediapipe), converted from TFLite',
  });
}

let session: Promise<ort.InferenceSession> | null = null;

function threads(): number {
  const n = Number(process.env.HAIR_SEG_THREADS ?? '1');
  return Number.isInteger(n) && n > 0 ? n : 1;
}

/** The session of this thread, created on first use. */
export function getSession(): Promise<ort.InferenceSession> {
  if (!session) {
    session = (async () => {
      const bytes = await buildHairSegmentationOnnx();
      return ort.InferenceSession.create(bytes, {
        intraOpNumThreads: threads(),
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
      });
    })().catch((error: unknown) => {
      session = null;
      throw new HairSegmentationError('model_unavailable', 'cannot load the hair model', {
        cause: error,
      });
    });
  }
  return session;
}

/**
 * Runs the network on a planar NCHW input (1×4×512×512: R, G, B in [0, 1], previous mask) and
 * returns the hair probability (512×512, softmax channel 1).
 */
export async function runHairNetwork(input: Float32Array): Promise<Float32Array> {
  if (input.length !== 4 * MODEL_SIZE * MODEL_SIZE) throw new Error('bad input size');
  const s = await getSession();
  const feeds = {
    [s.inputNames[0]!]: new ort.Tensor('float32', input, [1, 4, MODEL_SIZE, MODEL_SIZE]),
  };
  const result = await s.run(feeds);
  const output = result[s.outputNames[0]!];
  if (!output) throw new Error('no output');
  const hair = (output.data as Float32Array).slice(
    MODEL_SIZE * MODEL_SIZE,
    2 * MODEL_SIZE * MODEL_SIZE,
  );
  output.dispose();
  return hair;
}
