// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { getQrSessionStatus, openQrSession, type ResponseOf } from '@carol/contracts';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess } from '../../testing/responses';
import { useMirror } from './use-mirror';

const code = '0123456789ABCDEFGHJKMNPQRSTV';

type Status = ResponseOf<typeof getQrSessionStatus>;

/** The console API as the mirror meets it; `status` answers get_session_status per session id. */
function consoleApi(status: (id: number) => Status) {
  const calls: Array<{ path: string; form: FormData }> = [];
  let opened = 0;
  stubEndpoints(
    [
      on(openQrSession, () =>
        buildSuccess(openQrSession, {
          qr_session_id: ++opened,
          code,
          qr_url: `http://x/mypage/qrcodescanner?code=${code}`,
          expires_in: 120,
        }),
      ),
      on(getQrSessionStatus, ({ form }) =>
        buildSuccess(getQrSessionStatus, status(Number(form.get('qr_session_id')))),
      ),
    ],
    {
      onRequest: ({ url, form }) =>
        calls.push({ path: new URL(url, 'http://localhost').pathname, form }),
      otherwise: () => new Response('', { status: 404 }),
    },
  );
  return calls;
}

beforeEach(() => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  sessionStorage.setItem('carol-mirror-console-key', 'key-1');
});

describe('useMirror', () => {
  it('opens login codes by default and link codes once switched, polling the shown session', async () => {
    const calls = consoleApi(() => ({ status: 'pending', expires_in: 100 }));
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
    const shownId = (result.current.phase as { shown: { id: number } }).shown.id;
    const before = calls.length;
    await new Promise((r) => setTimeout(r, 1_700));
    const polls = calls.slice(before).filter((c) => c.path.endsWith(getQrSessionStatus.path));
    expect(polls.length).toBeGreaterThan(0);
    expect(polls.every((c) => c.form.get('qr_session_id') === String(shownId))).toBe(true);
  }, 20_000);

  it('says "linked" with the name once its own link code is confirmed, never collecting a session', async () => {
    let confirmed = false;
    consoleApi(() =>
      confirmed
        ? {
            status: 'confirmed',
            expires_in: 90,
            linked_member: { family_name: '김', given_name: '하늘' },
          }
        : { status: 'pending', expires_in: 100 },
    );
    const { result } = renderHook(() => useMirror('ko'));
    act(() => result.current.setPurpose('link'));
    await waitFor(
      () => {
        const phase = result.current.phase;
        expect(phase.kind === 'showing' && phase.shown.purpose).toBe('link');
      },
      { timeout: 10_000 },
    );
    await new Promise((r) => setTimeout(r, 1_700));
    expect(result.current.phase.kind).toBe('showing');

    confirmed = true;
    await waitFor(() => expect(result.current.phase).toEqual({ kind: 'linked', name: '김하늘' }), {
      timeout: 10_000,
    });
    act(() => result.current.nextCode());
    expect(result.current.phase.kind).toBe('opening');
  }, 20_000);

  it('opens a fresh link code when the shown one expired', async () => {
    const calls = consoleApi((id) =>
      id === 2 ? { status: 'expired', expires_in: 0 } : { status: 'pending', expires_in: 100 },
    );
    const { result } = renderHook(() => useMirror('ko'));
    act(() => result.current.setPurpose('link'));
    await waitFor(
      () =>
        expect(calls.filter((c) => c.path.endsWith(openQrSession.path)).length).toBeGreaterThan(2),
      { timeout: 10_000 },
    );
  }, 20_000);
});
