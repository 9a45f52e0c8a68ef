// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mediaFileName, shareMedia } from './share-media';

const photo = { media_id: 41, url: '/media/records/2026-03/abc.webp', mime_type: 'image/webp' };
const text = { title: 'Styling history', text: 'Salon · Mar 4' };

function stubNavigator(share?: unknown, canShare?: unknown) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true });
}

function stubFetch() {
  const fetch = vi.fn(
    async () => new Response('webp', { headers: { 'content-type': 'image/webp' } }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => stubNavigator(undefined, undefined));

describe('shareMedia', () => {
  it('shares the file itself when the device can share files', async () => {
    const fetch = stubFetch();
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator(share, (data: ShareData) => Boolean(data.files?.length));
    expect(await shareMedia(photo, text)).toBe('shared');
    expect(fetch).toHaveBeenCalledWith(photo.url, { credentials: 'same-origin' });
    const data = share.mock.calls[0]![0] as ShareData;
    expect(data.files?.[0]?.name).toBe('carol-history-41.webp');
    expect(data.files?.[0]?.type).toBe('image/webp');
    expect(data.url).toBeUndefined();
  });

  it('never shares the private address: a device that cannot share files answers unsupported', async () => {
    stubFetch();
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator(share, (data: ShareData) => !data.files);
    expect(await shareMedia(photo, text)).toBe('unsupported');
    expect(share).not.toHaveBeenCalled();
  });

  it('answers unsupported without the Web Share API, fetching nothing', async () => {
    const fetch = stubFetch();
    stubNavigator(undefined, undefined);
    expect(await shareMedia(photo, text)).toBe('unsupported');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers unsupported when the device refuses both the file and the address', async () => {
    stubFetch();
    const share = vi.fn();
    stubNavigator(share, () => false);
    expect(await shareMedia(photo, text)).toBe('unsupported');
    expect(share).not.toHaveBeenCalled();
  });

  it('names saved files by their type', () => {
    expect(mediaFileName({ media_id: 7, mime_type: 'video/mp4' })).toBe('carol-history-7.mp4');
    expect(mediaFileName({ media_id: 8, mime_type: 'image/jpeg' })).toBe('carol-history-8.jpg');
  });
});
