// @vitest-environment jsdom
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sendInquiry } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { buildSuccess, errorResponse } from '../../testing/responses';
import { InquiryForm } from './inquiry-form';

function renderForm(kind: 'general' | 'partnership' = 'general') {
  const router = createMemoryRouter([{ path: '/', element: <InquiryForm kind={kind} /> }]);
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  await i18n.changeLanguage('ko');
  window.requestAnimationFrame = (callback) => {
    callback(0);
    return 0;
  };
});

describe('InquiryForm', () => {
  it('shows localized field errors from the contract schema and sends nothing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('이메일'), 'not-an-email');
    await user.type(screen.getByLabelText('내용'), '짧아요');
    await user.click(screen.getByRole('button', { name: /문의 보내기/ }));

    expect(screen.getByText('이름 항목은 필수입니다.')).toBeTruthy();
    expect(screen.getByText('올바른 이메일 주소를 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('10자 이상 입력해 주세요.')).toBeTruthy();
    expect(screen.getByText('개인정보 수집·이용에 동의해 주세요.')).toBeTruthy();
    expect(screen.getByLabelText('이름').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('explains a control character pasted into a field instead of calling it missing', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const user = userEvent.setup();
    renderForm();

    await user.type(screen.getByLabelText('이름'), '김하나');
    await user.type(screen.getByLabelText('이메일'), 'hana@example.com');
    await user.type(screen.getByLabelText('제목'), '예약\u000B문의');
    await user.type(screen.getByLabelText('내용'), '첫 줄입니다.\n둘째 줄입니다.');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /문의 보내기/ }));

    expect(
      screen.getByText('사용할 수 없는 문자가 포함되어 있습니다. 해당 문자를 지워 주세요.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('제목').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('내용').getAttribute('aria-invalid')).not.toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('submits sendInquiry and shows the reference number', async () => {
    const fetchMock = stubEndpoints([
      on(sendInquiry, buildSuccess(sendInquiry, { inquiry_id: 321 })),
    ]);
    const user = userEvent.setup();
    renderForm('partnership');

    await user.type(screen.getByLabelText('이름'), '김하나');
    await user.type(screen.getByLabelText('이메일'), 'Hana@Example.com');
    await user.type(screen.getByLabelText(/회사 · 살롱명/), '하나살롱');
    await user.type(screen.getByLabelText('제목'), '입점 문의');
    await user.type(
      screen.getByLabelText('내용'),
      '강남에서 살롱을 운영하고 있습니다. 입점 절차가 궁금합니다.',
    );
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /문의 보내기/ }));

    await waitFor(() => expect(screen.getByText('문의가 접수되었어요')).toBeTruthy());
    expect(screen.getByText(/321/)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api${sendInquiry.path}`);
    const body = init.body as FormData;
    expect(body.get('kind')).toBe('partnership');
    expect(body.get('email')).toBe('Hana@Example.com');
    expect(body.get('company')).toBe('하나살롱');
  });

  it('shows the server message when sending fails', async () => {
    stubEndpoints([
      on(
        sendInquiry,
        errorResponse('RATE_LIMITED', 429, '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.'),
      ),
    ]);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('이름'), '김하나');
    await user.type(screen.getByLabelText('이메일'), 'hana@example.com');
    await user.type(screen.getByLabelText('제목'), '예약 문의');
    await user.type(screen.getByLabelText('내용'), '예약 내역이 보이지 않아요. 확인 부탁드립니다.');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /문의 보내기/ }));

    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('요청이 너무 많습니다'),
    );
    expect(screen.getByText('문의를 보내지 못했어요')).toBeTruthy();
  });
});
