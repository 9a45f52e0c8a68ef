// @vitest-environment jsdom
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@carol/contracts';
import { catalogs } from '@carol/i18n';
import { createI18n } from '../../lib/i18n/i18n';
import { PhotoCheckNotice, shownFindings } from './photo-check-notice';
import type { PhotoFinding } from './use-simulation';

const finding = (code: PhotoFinding['code'], value = 1, limit = 0): PhotoFinding => ({
  code,
  value,
  limit,
});

function Harness({
  language = 'ko',
  findings,
  onRetake = () => undefined,
  onContinue = () => undefined,
}: {
  language?: Language;
  findings: PhotoFinding[];
  onRetake?: () => void;
  onContinue?: () => void;
}) {
  const [i18n] = useState(() => createI18n(language, catalogs));
  return (
    <I18nextProvider i18n={i18n}>
      <PhotoCheckNotice findings={findings} onRetake={onRetake} onContinue={onContinue} />
    </I18nextProvider>
  );
}

describe('shownFindings', () => {
  it('orders the findings by how much they spoil a try-on, once each, at most three', () => {
    expect(
      shownFindings([
        finding('head_yaw', 35, 30),
        finding('face_dark', 40, 60),
        finding('several_faces'),
        finding('hair_over_face', 0.3, 0.12),
        finding('face_small', 0.1, 0.2),
      ]),
    ).toEqual(['several_faces', 'face_small', 'hair_over_face']);
    expect(shownFindings([finding('head_roll', 25, 20), finding('head_roll', 26, 20)])).toEqual([
      'head_roll',
    ]);
    expect(shownFindings([])).toEqual([]);
  });
});

describe('PhotoCheckNotice', () => {
  it('says why the photo may not work and how to retake it, in Korean by default', () => {
    render(<Harness findings={[finding('head_yaw', 38, 30), finding('face_small', 0.1, 0.2)]} />);
    const notice = screen.getByTestId('photo-check');
    expect(within(notice).getByRole('heading').textContent).toBe(
      '이 사진은 결과가 어색할 수 있어요',
    );
    const items = within(notice).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-code'))).toEqual(['face_small', 'head_yaw']);
    expect(items[0]!.textContent).toContain('사진 속 얼굴이 작아요');
    expect(items[0]!.textContent).toContain('조금 더 가까이에서 찍어 주세요');
    expect(items[1]!.textContent).toContain('카메라를 정면으로 바라봐 주세요');
    expect(screen.getByTestId('photo-check-retake').textContent).toBe('다시 찍기 / 다른 사진');
    expect(screen.getByTestId('photo-check-continue').textContent).toBe('이대로 계속하기');
    // focus moves to the notice's heading so it is announced
    expect(document.activeElement).toBe(within(notice).getByRole('heading'));
  });

  it('speaks Japanese and English too', () => {
    const { unmount } = render(<Harness language="ja" findings={[finding('several_faces')]} />);
    expect(screen.getByTestId('photo-check').textContent).toContain('複数の人が写っています');
    expect(screen.getByTestId('photo-check-continue').textContent).toBe('このまま続ける');
    unmount();
    render(<Harness language="en" findings={[finding('hair_over_eyes', 0.6, 0.2)]} />);
    expect(screen.getByTestId('photo-check').textContent).toContain('Hair covers your eyes');
    expect(screen.getByTestId('photo-check-retake').textContent).toBe(
      'Retake / choose another photo',
    );
    expect(screen.getByTestId('photo-check-continue').textContent).toBe('Continue anyway');
  });

  it('retakes or goes on when asked', () => {
    const onRetake = vi.fn();
    const onContinue = vi.fn();
    render(
      <Harness
        findings={[finding('face_cut_off', 0.2, 0)]}
        onRetake={onRetake}
        onContinue={onContinue}
      />,
    );
    fireEvent.click(screen.getByTestId('photo-check-retake'));
    expect(onRetake).toHaveBeenCalledTimes(1);
    expect(onContinue).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('photo-check-continue'));
    expect(onContinue).toHaveBeenCalledTimes(1);
  });
});
