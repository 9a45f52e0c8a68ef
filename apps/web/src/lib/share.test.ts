// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareData, shareImage } from './share';

const image = new Blob(['jpeg bytes'], { type: 'image/jpeg' });
const text = { title: 'Carol', text: 'Ash brown' };

function stubNavigator(share?: unknown, canShare?: unknown) {
  Object.defineProperty(navigator, 'share', { value: share, configurable: true });
  Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true });
}

afterEach(() => {
  stubNavigator(undefined, undefined);
});

describe('shareImage', () => {
  it('answers unsupported without the Web Share API', async () => {
    stubNavigator(undefined, undefined);
    expect(await shareImage(image, 'look.jpg', text)).toBe('unsupported');
  });

  it('answers unsupported when files cannot be shared', async () => {
    const share = vi.fn();
    stubNavigator(share, () => false);
    expect(await shareImage(image, 'look.jpg', text)).toBe('unsupported');
    expect(share).not.toHaveBeenCalled();
  });

  it('shares the image as a file with its title and text', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator(share, () => true);
    expect(await shareImage(image, 'look.jpg', text)).toBe('shared');
    const data = share.mock.calls[0]![0] as ShareData;
    expect(data.title).toBe('Carol');
    expect(data.files?.[0]?.name).toBe('look.jpg');
    expect(data.files?.[0]?.type).toBe('image/jpeg');
  });

  it('treats closing the share sheet as cancelled, not as a failure', async () => {
    stubNavigator(vi.fn().mockRejectedValue(new DOMException('closed', 'AbortError')), () => true);
    expect(await shareImage(image, 'look.jpg', text)).toBe('cancelled');
  });
});

describe('shareData', () => {
  const link = { title: 'Carol', text: 'C-curl bob', url: 'https://example.test/s/1' };

  it('shares a link and reports unsupported when sharing is not allowed', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    stubNavigator(share, undefined);
    expect(await shareData(link)).toBe('shared');
    expect(share).toHaveBeenCalledWith(link);
    stubNavigator(vi.fn().mockRejectedValue(new DOMException('no', 'NotAllowedError')), undefined);
    expect(await shareData(link)).toBe('unsupported');
  });

  it('throws any other failure for the caller to report', async () => {
    stubNavigator(vi.fn().mockRejectedValue(new TypeError('bad data')), undefined);
    await expect(shareData(link)).rejects.toThrow('bad data');
  });
});
