// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { limits } from '@carol/contracts';
import { useCommonStore } from '../../lib/stores/common.store';
import { AppProviders } from '../providers';
import { loadToastSanitizer, sanitizeToastHtml, Toast } from './toast';

function renderToast() {
  return render(
    <AppProviders>
      <Toast />
    </AppProviders>,
  );
}

beforeAll(async () => {
  await loadToastSanitizer();
});

beforeEach(() => {
  vi.useFakeTimers();
  useCommonStore.getState().hideToast();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Toast', () => {
  it('renders sanitized HTML: no <img onerror>, no <script>, formatting kept', () => {
    renderToast();
    act(() => {
      useCommonStore
        .getState()
        .showToast(
          '<img src=x onerror="alert(1)"><script>alert(2)</script><b>예약</b>이 완료되었습니다',
        );
    });
    const toast = screen.getByTestId('toast');
    expect(toast.innerHTML).toBe('<b>예약</b>이 완료되었습니다');
    expect(toast.querySelector('img')).toBeNull();
    expect(toast.querySelector('script')).toBeNull();
    expect(toast.innerHTML).not.toContain('onerror');
  });

  it('strips javascript: links and event handlers from allowed tags', () => {
    const html = sanitizeToastHtml(
      '<a href="javascript:alert(1)" onclick="x()">go</a><span onmouseover="y()">hi</span>',
    );
    expect(html).not.toMatch(/javascript:|onclick|onmouseover/);
    expect(html).toContain('go');
    expect(html).toContain('<span>hi</span>');
  });

  it('hides after exactly toastHideMs, then clears the text and restores the default colour', () => {
    renderToast();
    act(() => {
      useCommonStore.getState().showToast('저장했어요', { alternateColor: true });
    });
    expect(screen.getByTestId('toast').dataset.alternate).toBe('true');
    expect(useCommonStore.getState()).toMatchObject({
      toastShow: true,
      toastColor: true,
      toastText: '저장했어요',
    });

    act(() => {
      vi.advanceTimersByTime(limits.toastHideMs - 1);
    });
    expect(screen.getByTestId('toast')).toBeTruthy();

    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(useCommonStore.getState()).toMatchObject({
      toastShow: false,
      toastColor: false,
      toastText: '',
    });
  });

  it('restarts the 2000 ms countdown when a new toast replaces the current one', () => {
    renderToast();
    act(() => {
      useCommonStore.getState().showToast('first');
    });
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    act(() => {
      useCommonStore.getState().showToast('second');
    });
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(screen.getByTestId('toast').textContent).toBe('second');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('starts the countdown when the toast is on screen, not when it was requested', () => {
    act(() => {
      useCommonStore.getState().showToast('회원가입 후 이용할 수 있습니다.');
    });
    act(() => {
      vi.advanceTimersByTime(5_000); // the app is still booting: nothing rendered yet
    });
    renderToast();
    act(() => {
      vi.advanceTimersByTime(limits.toastHideMs - 1);
    });
    expect(screen.getByTestId('toast').textContent).toBe('회원가입 후 이용할 수 있습니다.');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });
});
