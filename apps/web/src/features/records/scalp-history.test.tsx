// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteDiagnosisContent,
  getDiagnosisContents,
  type DiagnosisContent,
} from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { ScalpHistory } from './scalp-history';
import { answerCalls, failure } from './test-server';

const diagnosis = (id: number, date: string, density: number, sebum: number): DiagnosisContent => ({
  diagnosis_id: id,
  shop_id: 7,
  shop_name: '살롱 드 서울 강남 본점',
  diagnosed_at: `${date}T02:00:00Z`,
  date,
  designer_name: '이수진',
  measures: [
    { key: 'density', value: density, unit: 'hairs/cm²', normal_min: 120, normal_max: 180 },
    { key: 'sebum', value: sebum, unit: '%', normal_min: null, normal_max: 25 },
  ],
  images: [
    {
      image_id: id * 10,
      area: 'crown',
      url: `/media/scalp/${id}.webp`,
      thumb_url: `/media/scalp/${id}-t.webp`,
      width: 640,
      height: 480,
    },
  ],
  memo: '정수리 피지가 많아요.',
});

const list = [
  diagnosis(3, '2024-09-10', 150, 31),
  diagnosis(2, '2024-05-10', 140, 22),
  diagnosis(1, '2024-01-10', 110, 20),
];

const patiently = { timeout: 10_000 };

function Harness() {
  const [id, setId] = useState<number | null>(null);
  return <ScalpHistory selectedId={id} onSelect={setId} />;
}

function renderHistory() {
  const router = createMemoryRouter([{ path: '/', element: <Harness /> }], {
    initialEntries: ['/'],
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr', loginID: 3, loginFlag: true });
  await i18n.changeLanguage('ko');
});

// Each test waits for real renders and answers; a loaded machine is slow, not wrong.
describe('ScalpHistory', { timeout: 30_000 }, () => {
  it('draws a chart of the chosen measure with a summary and its values in a table', async () => {
    answerCalls({
      [getDiagnosisContents.path]: () => ({
        body: { diagnosis_contents: list, total: 3, page: 1, has_next: false },
      }),
    });
    renderHistory();
    const chart = await screen.findByRole('img', { name: /^모발 밀도 3회 측정/ }, patiently);
    expect(chart.getAttribute('aria-label')).toContain('최근 값 150 모/cm²');
    expect(chart.getAttribute('aria-label')).toContain('정상 범위 120–180 모/cm²');
    expect(chart.querySelectorAll('circle')).toHaveLength(3);
    const table = screen.getByRole('table', { name: '모발 밀도 측정값' });
    // Oldest first; the 110 is below the range.
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      '2024년 1월 10일110 모/cm²낮음',
      '2024년 5월 10일140 모/cm²정상',
      '2024년 9월 10일150 모/cm²정상',
    ]);

    fireEvent.click(screen.getByRole('button', { name: '피지' }));
    const sebum = screen.getByRole('img', { name: /^피지 3회 측정/ });
    expect(sebum.getAttribute('aria-label')).toContain('정상 범위 25 % 이하');
    expect(screen.getByRole('button', { name: '피지' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('lists the diagnoses newest first and opens one with its range bars, images and memo', async () => {
    answerCalls({
      [getDiagnosisContents.path]: () => ({
        body: { diagnosis_contents: list, total: 3, page: 1, has_next: false },
      }),
    });
    renderHistory();
    const cards = await screen.findAllByRole(
      'button',
      { name: /살롱 드 서울 강남 본점/ },
      patiently,
    );
    expect(cards).toHaveLength(3);
    expect(cards[0]!.textContent).toContain('정상 범위 밖 1개');
    expect(cards[1]!.textContent).toContain('모두 정상 범위');
    fireEvent.click(cards[0]!);

    const bars = await screen.findAllByRole('img', { name: /정상 범위/ });
    expect(bars.map((b) => b.getAttribute('aria-label'))).toEqual([
      '모발 밀도 150 모/cm², 정상 범위 120–180 모/cm², 정상',
      '피지 31 %, 정상 범위 25 % 이하, 높음',
    ]);
    expect(bars[1]!.closest('li')!.getAttribute('data-status')).toBe('high');
    expect(screen.getByText('정수리 피지가 많아요.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '정수리 이미지 크게 보기' }));
    const big = await screen.findByRole('img', { name: '정수리 두피 이미지' });
    expect(big.getAttribute('src')).toBe('/media/scalp/3.webp');
  });

  it('deletes a diagnosis only after the confirmation', async () => {
    const calls = answerCalls({
      [getDiagnosisContents.path]: () => ({
        body: { diagnosis_contents: list, total: 3, page: 1, has_next: false },
      }),
      [deleteDiagnosisContent.path]: (form) => ({
        body: { diagnosis_id: Number(form.get('diagnosis_id')) },
      }),
    });
    renderHistory();
    fireEvent.click(
      (await screen.findAllByRole('button', { name: /살롱 드 서울/ }, patiently))[0]!,
    );
    fireEvent.click(await screen.findByRole('button', { name: '이 진단 삭제' }));
    expect(await screen.findByText('진단 기록을 삭제할까요?')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith(deleteDiagnosisContent.path))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '삭제' }));
    // Back on the list, without it.
    await screen.findByRole('heading', { name: '진단 기록' }, patiently);
    expect(screen.getAllByRole('button', { name: /살롱 드 서울/ })).toHaveLength(2);
    const del = calls.find((c) => c.path.endsWith(deleteDiagnosisContent.path))!;
    expect(del.form.get('diagnosis_id')).toBe('3');
  });

  it('explains how to get diagnoses when there are none', async () => {
    answerCalls({
      [getDiagnosisContents.path]: () => ({
        body: { diagnosis_contents: [], total: 0, page: 1, has_next: false },
      }),
    });
    renderHistory();
    expect(await screen.findByText('아직 두피 진단 기록이 없어요', {}, patiently)).toBeTruthy();
    expect(screen.getByRole('link', { name: '미러 QR 코드로 연동' }).getAttribute('href')).toBe(
      '/mypage/qrcodescanner',
    );
  });

  it('offers a retry after a failed load', async () => {
    let fail = true;
    answerCalls({
      [getDiagnosisContents.path]: () =>
        fail
          ? failure(500, 'INTERNAL', '서버 오류')
          : { body: { diagnosis_contents: list, total: 3, page: 1, has_next: false } },
    });
    renderHistory();
    const retry = await screen.findByRole('button', { name: '다시 시도' }, patiently);
    fail = false;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: '진단 기록' }, patiently)).toBeTruthy();
  });
});
