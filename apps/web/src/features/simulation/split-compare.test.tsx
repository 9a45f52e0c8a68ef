// @vitest-environment jsdom
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Language } from '@carol/contracts';
import { catalogs } from '@carol/i18n';
import { createI18n } from '../../lib/i18n/i18n';
import {
  clampSplit,
  SPLIT_DEFAULT,
  SplitCompare,
  SplitDivider,
  SplitToggle,
  splitClips,
} from './split-compare';

describe('splitClips', () => {
  it('keeps the original left of the divider and the result right of it', () => {
    expect(splitClips(50)).toEqual({ before: 'inset(0 50% 0 0)', after: 'inset(0 0 0 50%)' });
    expect(splitClips(30)).toEqual({ before: 'inset(0 70% 0 0)', after: 'inset(0 0 0 30%)' });
  });

  it('shows one side whole at the ends', () => {
    expect(splitClips(0)).toEqual({ before: 'inset(0 100% 0 0)', after: 'inset(0 0 0 0%)' });
    expect(splitClips(100)).toEqual({ before: 'inset(0 0% 0 0)', after: 'inset(0 0 0 100%)' });
  });

  it('clamps and rounds what it is given', () => {
    expect(clampSplit(-5)).toBe(0);
    expect(clampSplit(140)).toBe(100);
    expect(clampSplit(33.6)).toBe(34);
    expect(clampSplit(Number.NaN)).toBe(SPLIT_DEFAULT);
    expect(splitClips(120).after).toBe('inset(0 0 0 100%)');
  });
});

function Harness({
  language = 'ko',
  onOpen,
  showsToggle,
  onParentPointerDown,
}: {
  language?: Language;
  onOpen?: () => void;
  showsToggle?: boolean;
  onParentPointerDown?: () => void;
}) {
  const [i18n] = useState(() => createI18n(language, catalogs));
  const [position, setPosition] = useState<number | null>(null);
  return (
    <I18nextProvider i18n={i18n}>
      <div onPointerDown={onParentPointerDown} data-position={position ?? 'none'} data-testid="box">
        <SplitCompare
          position={position}
          onChange={setPosition}
          onOpen={onOpen}
          showsToggle={showsToggle}
        />
      </div>
    </I18nextProvider>
  );
}

describe('SplitCompare', () => {
  it('opens at the middle, follows the range and closes (Korean by default)', () => {
    const onOpen = vi.fn();
    render(<Harness onOpen={onOpen} />);
    const pill = screen.getByTestId('simulation-split');
    expect(pill).toHaveProperty('textContent', '좌우 비교');
    expect(pill.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('simulation-split-range')).toBeNull();
    expect(screen.queryByTestId('simulation-split-line')).toBeNull();

    fireEvent.click(pill);
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(pill.getAttribute('aria-pressed')).toBe('true');
    expect(pill.textContent).toBe('비교 닫기');
    const range = screen.getByRole('slider', { name: '원본과 결과의 경계' });
    expect(range).toHaveProperty('value', String(SPLIT_DEFAULT));
    expect(range.getAttribute('min')).toBe('0');
    expect(range.getAttribute('max')).toBe('100');
    const line = screen.getByTestId('simulation-split-line');
    expect(line.style.left).toBe('50%');
    expect(screen.getByText('적용')).toBeTruthy();

    fireEvent.change(range, { target: { value: '30' } });
    expect(line.style.left).toBe('30%');
    expect(screen.getByTestId('box').dataset.position).toBe('30');

    fireEvent.click(pill);
    expect(pill.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByTestId('simulation-split-range')).toBeNull();
    expect(screen.getByTestId('box').dataset.position).toBe('none');
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens at the middle again after closing', () => {
    render(<Harness />);
    const pill = screen.getByTestId('simulation-split');
    fireEvent.click(pill);
    fireEvent.change(screen.getByTestId('simulation-split-range'), { target: { value: '80' } });
    fireEvent.click(pill);
    fireEvent.click(pill);
    expect(screen.getByTestId<HTMLInputElement>('simulation-split-range').value).toBe('50');
  });

  it('speaks Japanese and English from the catalogs', () => {
    const { unmount } = render(<Harness language="ja" />);
    fireEvent.click(screen.getByText('左右で比較'));
    expect(screen.getByRole('slider', { name: '元の写真と結果の境目' })).toBeTruthy();
    expect(screen.getByText('比較を閉じる')).toBeTruthy();
    expect(screen.getByText('適用後')).toBeTruthy();
    unmount();
    render(<Harness language="en" />);
    fireEvent.click(screen.getByText('Side by side'));
    expect(
      screen.getByRole('slider', { name: 'Where the original ends and the result begins' }),
    ).toBeTruthy();
    expect(screen.getByText('Close the side-by-side view')).toBeTruthy();
  });

  it('keeps a press on the pill from reaching the stage (hold to compare)', () => {
    const onParentPointerDown = vi.fn();
    render(<Harness onParentPointerDown={onParentPointerDown} />);
    fireEvent.pointerDown(screen.getByTestId('simulation-split'));
    expect(onParentPointerDown).not.toHaveBeenCalled();
  });

  it('can hide the pill and keep the divider', () => {
    const { rerender } = render(<Harness />);
    fireEvent.click(screen.getByTestId('simulation-split'));
    rerender(<Harness showsToggle={false} />);
    expect(screen.queryByTestId('simulation-split')).toBeNull();
    expect(screen.getByTestId('simulation-split-range')).toBeTruthy();
  });

  it('comes in two parts for a stage that lays them out itself (hairstyle mode)', () => {
    function Parts() {
      const [i18n] = useState(() => createI18n('ko', catalogs));
      const [position, setPosition] = useState<number | null>(null);
      return (
        <I18nextProvider i18n={i18n}>
          <SplitDivider position={position} onChange={setPosition} afterLabelAt="top" />
          <div data-testid="row">
            <SplitToggle position={position} onChange={setPosition} isInline />
          </div>
        </I18nextProvider>
      );
    }
    render(<Parts />);
    expect(screen.queryByTestId('simulation-split-range')).toBeNull();
    expect(screen.queryByText('적용')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '좌우 비교' }));
    expect(screen.getByTestId('row').contains(screen.getByTestId('simulation-split'))).toBe(true);
    expect(screen.getByRole('slider', { name: '원본과 결과의 경계' })).toHaveProperty(
      'value',
      '50',
    );
    expect(screen.getByText('적용')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '비교 닫기' }));
    expect(screen.queryByTestId('simulation-split-line')).toBeNull();
  });
});
