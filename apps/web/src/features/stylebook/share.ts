import type { ShareStyle } from '@carol/contracts';

export type ShareOutcome = 'shared' | 'cancelled' | 'unsupported';

/**
 * Shares through the Web Share API. 'unsupported' when the browser has none or refuses the
 * data (the caller shows spec 8's "no share support on this device"); 'cancelled' when the
 * person closes the share sheet.
 */
export async function shareStyle(share: ShareStyle, text: string): Promise<ShareOutcome> {
  const data: ShareData = { title: share.title, text, url: share.url };
  if (typeof navigator.share !== 'function') return 'unsupported';
  if (typeof navigator.canShare === 'function' && !navigator.canShare(data)) return 'unsupported';
  try {
    await navigator.share(data);
    return 'shared';
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
    return 'unsupported';
  }
}
