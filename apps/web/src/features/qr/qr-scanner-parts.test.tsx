// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { ManualCodeForm } from './qr-scanner-parts';

const label = '미러에 표시된 코드';
const message = '코드 형식이 올바르지 않아요. 미러에 표시된 28자리 코드를 확인해 주세요.';
const englishMessage =
  "That doesn't look like a mirror code. Please check the 28 characters on the mirror.";

function renderForm(initial?: string) {
  const onCode = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ManualCodeForm onCode={onCode} {...(initial === undefined ? {} : { initial })} />
    </AppProviders>,
  );
  return onCode;
}

beforeEach(async () => {
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  await i18n.changeLanguage('ko');
});

describe('ManualCodeForm', () => {
  it('says nothing while a code is first typed, tells a wrong one once left, forgets an emptied box', async () => {
    const onCode = renderForm();
    const user = userEvent.setup();
    const box = screen.getByLabelText(label);
    await user.type(box, 'ABCD-1234');
    expect(screen.queryByText(message)).toBeNull();
    await user.tab();
    expect(screen.getByText(message)).toBeTruthy();
    // Touched: checked as typed, quiet while empty.
    await user.type(box, '5');
    expect(screen.getByText(message)).toBeTruthy();
    await user.clear(box);
    expect(screen.queryByText(message)).toBeNull();
    await user.type(box, 'A');
    expect(screen.getByText(message)).toBeTruthy();
    // Left empty (or with spaces only): a fresh start.
    await user.clear(box);
    await user.type(box, '  ');
    await user.tab();
    await user.clear(box);
    await user.type(box, 'ABCD');
    expect(screen.queryByText(message)).toBeNull();
    expect(onCode).not.toHaveBeenCalled();
  });

  it('tells a whole code that is wrong at once, and hands on a right one', async () => {
    const onCode = renderForm();
    const user = userEvent.setup();
    const box = screen.getByLabelText(label);
    // 27 characters, then a 28th that is not in the alphabet.
    await user.type(box, '0123-4567-89AB-CDEF-GHJK-MNPQ-RST');
    expect(screen.queryByText(message)).toBeNull();
    await user.type(box, 'U');
    expect(screen.getByText(message)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '코드 확인' }));
    expect(onCode).not.toHaveBeenCalled();
    await user.clear(box);
    await user.type(box, '0123-4567-89ab-cdef-ghjk-mnpq-rstv');
    expect(screen.queryByText(message)).toBeNull();
    await user.click(screen.getByRole('button', { name: '코드 확인' }));
    expect(onCode).toHaveBeenCalledWith('0123456789ABCDEFGHJKMNPQRSTV');
  });

  it('after a tap on the button checks as typed; an empty box says and sends nothing', async () => {
    const onCode = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '코드 확인' }));
    expect(screen.queryByText(message)).toBeNull();
    expect(onCode).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(label), 'A');
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("tells a link's wrong code at once, in the language shown", async () => {
    useCommonStore.setState({ language: 'en' });
    await i18n.changeLanguage('en');
    renderForm('ABCD-EFGH');
    const user = userEvent.setup();
    const box = screen.getByLabelText('Code shown on the mirror');
    expect((box as HTMLInputElement).value).toBe('ABCD-EFGH');
    expect(screen.getByText(englishMessage)).toBeTruthy();
    await user.clear(box);
    expect(screen.queryByText(englishMessage)).toBeNull();
    await user.type(box, 'X');
    expect(screen.getByText(englishMessage)).toBeTruthy();
    await act(() => i18n.changeLanguage('ko'));
    expect(screen.getByText(message)).toBeTruthy();
  });
});
