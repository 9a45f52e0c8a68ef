// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getLinkedMembers, getQrSessionStatus, openQrSession } from '@carol/contracts';
import { useCommonStore } from '../../lib/stores/common.store';
import { useMirror } from './use-mirror';

const code = '0123456789ABCDEFGHJKMNPQRSTV';

/** The console API as the mirror meets it; `links` is the salon's link list, newest first. */
function consoleApi(links: Array<{ linked_at: string; family_name: string; given_name: string }>) {
  const calls: Array<{ path: string; form: FormData }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const form = init?.body as FormData;
      calls.push({ path, form });
      const ok = (body: object) =>
        new Response(JSON.stringify({ success: true, ...body }), { status: 200 });
      if (path.endsWith(openQrSession.path))
        return ok({
          qr_session_id: calls.length,
          code,
          qr_url: `http://x/mypage/qrcodescanner?code=${code}`,
          expires_in: 120,
        });
      if (path.endsWith(getQrSessionStatus.path)) return ok({ status: 'pending', expires_in: 100 });
      if (path.endsWith(getLinkedMembers.path))
        return ok({
          links: links.slice(0, 1).map((l) => ({ ...l, phone: '010-****-0001', customer_id: 1 })),
          total: links.length,
          page: 1,
          has_next: links.length > 1,
        });
      return new Response('', { status: 404 });
    }),
  );
  return calls;
}

beforeEach(() => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  sessionStorage.setItem('carol-mirror-console-key', 'key-1');
});

describe('useMirror', () => {
  it('opens login codes by default and link codes once switched, polling login sessions only', async () => {
    const calls = consoleApi([]);
    const { result } = renderHook(() => useMirror('ko'));
    await waitFor(() => expect(result.current.phase.kind).toBe('showing'), { timeout: 10_000 });
    expect(calls.find((c) => c.path.endsWith(openQrSession.path))?.form.get('purpose')).toBe(
      'login',
    );

    act(() => result.current.setPurpose('link'));
    await waitFor(
      () => {
        const phase = result.current.phase;
        expect(phase.kind === 'showing' && phase.shown.purpose).toBe('link');
      },
      { timeout: 10_000 },
    );
    const opens = calls.filter((c) => c.path.endsWith(openQrSession.path));
    expect(opens.at(-1)?.form.get('purpose')).toBe('link');
    const before = calls.length;
    await new Promise((r) => setTimeout(r, 1_700));
    const polled = calls.slice(before).map((c) => c.path);
    expect(polled.some((p) => p.endsWith(getLinkedMembers.path))).toBe(true);
    expect(polled.some((p) => p.endsWith(getQrSessionStatus.path))).toBe(false);
  }, 20_000);

  it('says "linked" with the name once a newer link appears, and not for an older one', async () => {
    const links = [{ linked_at: '2026-11-27T09:00:00Z', family_name: '박', given_name: '지민' }];
    consoleApi(links);
    const { result } = renderHook(() => useMirror('ko'));
    act(() => result.current.setPurpose('link'));
    await waitFor(
      () => {
        const phase = result.current.phase;
        expect(phase.kind === 'showing' && phase.shown.purpose).toBe('link');
      },
      { timeout: 10_000 },
    );
    // Polls meanwhile see the same latest link: still showing the code.
    await new Promise((r) => setTimeout(r, 1_700));
    expect(result.current.phase.kind).toBe('showing');

    links.unshift({ linked_at: '2026-11-27T10:00:00Z', family_name: '김', given_name: '하늘' });
    await waitFor(() => expect(result.current.phase).toEqual({ kind: 'linked', name: '김하늘' }), {
      timeout: 10_000,
    });
    act(() => result.current.nextCode());
    expect(result.current.phase.kind).toBe('opening');
  }, 20_000);
});
