/**
 * The demo visit video (demo-clip.mp4, poster demo-clip.poster.webp), made once by
 * make-demo-clip.ts with ffmpeg and committed (DEMO_CLIP.md); the seed only copies the files.
 */
export const DEMO_CLIP = {
  file: 'demo-clip.mp4',
  poster: 'demo-clip.poster.webp',
  mime: 'video/mp4',
  width: 360,
  height: 640,
  fps: 30,
  durationMs: 3500,
} as const;
