import { analyseHair, type Rgba } from '@carol/color';

/**
 * The per-photo analysis of the live preview (a few hundred ms for a 1280-px photo), off the main
 * thread so the screen stays responsive while it runs. Answers the fields (buffers transferred),
 * or null when there is no hair.
 */
self.onmessage = (event: MessageEvent<{ photo: Rgba; mask: Uint8Array }>) => {
  const fields = analyseHair(event.data.photo, event.data.mask);
  self.postMessage(fields, fields ? { transfer: [fields.hair.buffer, fields.shade.buffer] } : {});
};
