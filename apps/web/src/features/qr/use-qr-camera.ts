import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'idle' | 'starting' | 'scanning' | 'denied' | 'unavailable';

/** The parts of the Barcode Detection API we use (not yet in TypeScript's DOM library). */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement | HTMLCanvasElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

type Decoder = (video: HTMLVideoElement) => Promise<string | null>;

/** BarcodeDetector when the browser has it with QR support, else jsQR on a canvas. */
async function createDecoder(): Promise<Decoder> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    try {
      const formats = (await Native.getSupportedFormats?.()) ?? ['qr_code'];
      if (formats.includes('qr_code')) {
        const detector = new Native({ formats: ['qr_code'] });
        return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
      }
    } catch {
      // fall through to jsQR
    }
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A QR on a mirror fills a good part of the frame: 640 px on the long side is plenty.
    const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ??
      null
    );
  };
}

function stateOfError(error: unknown): CameraState {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

const scanEveryMs = 200;

/**
 * Opens the back camera while `active`, decodes QR codes from the video and hands every decoded
 * text to `onText` (the caller decides whether it is a code). Tracks are stopped when `active`
 * turns false and on unmount.
 */
export function useQrCamera(active: boolean, onText: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('idle');
  const [attempt, setAttempt] = useState(0);
  const onTextRef = useRef(onText);
  useEffect(() => {
    onTextRef.current = onText;
  }, [onText]);

  useEffect(() => {
    if (!active) return;
    const video = videoRef.current;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let frame = 0;
    let last = 0;
    let busy = false;

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      setState('starting');
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!cancelled) setState(stateOfError(error));
        return;
      }
      if (cancelled) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      if (!video) return;
      video.srcObject = stream;
      video.muted = true;
      video.playsInline = true;
      try {
        await video.play();
      } catch {
        // autoplay refusals still deliver frames once the stream is attached
      }
      const decode = await createDecoder();
      if (cancelled) return;
      setState('scanning');
      const tick = (now: number) => {
        if (cancelled) return;
        frame = requestAnimationFrame(tick);
        if (busy || now - last < scanEveryMs || video.readyState < 2) return;
        last = now;
        busy = true;
        decode(video)
          .then((text) => {
            if (text && !cancelled) onTextRef.current(text);
          })
          .catch(() => undefined)
          .finally(() => {
            busy = false;
          });
      };
      frame = requestAnimationFrame(tick);
    }

    void start();
    return () => {
      cancelled = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
      if (video) video.srcObject = null;
    };
  }, [active, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, state: active ? state : ('idle' as CameraState), retry };
}
