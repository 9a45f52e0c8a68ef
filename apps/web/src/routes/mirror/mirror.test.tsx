// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openQrSession } from '@carol/contracts';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/api/query-client';
import { i18n } from '../../lib/i18n/i18n';
import { useCommonStore } from '../../lib/stores/common.store';
import { on, stubEndpoints } from '../../testing/fetch-stub';
import { errorResponse } from '../../testing/responses';
import MirrorScreen from './mirror';

const required = '콘솔 키를 입력해 주세요.';
const rejected = '콘솔 키가 올바르지 않거나 사용이 중지되었어요.';

beforeEach(async () => {
  sessionStorage.clear();
  useCommonStore.setState({ language: 'ko', server: 'kr' });
  await i18n.changeLanguage('ko');
});
afterEach(() => vi.unstubAllGlobals());

describe('/mirror console key', () => {
  it('asks for a key on an empty start; typing one clears the message, spaces do not', async () => {
    const fetchMock = stubEndpoints([]);
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MirrorScreen />
      </AppProviders>,
    );
    const box = screen.getByLabelText('콘솔 키');
    await user.type(box, '  ');
    expect(screen.queryByText(required)).toBeNull();
    await user.click(screen.getByRole('button', { name: '시작하기' }));
    expect(screen.getByText(required)).toBeTruthy();
    await user.type(box, ' ');
    expect(screen.getByText(required)).toBeTruthy();
    await user.type(box, 'k');
    expect(screen.queryByText(required)).toBeNull();
    // Not checked again while typing, even when emptied.
    await user.clear(box);
    expect(screen.queryByText(required)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the key trimmed, shows a refusal until a key is typed again', async () => {
    const keys: string[] = [];
    stubEndpoints([
      on(openQrSession, ({ init }) => {
        keys.push(new Headers(init.headers).get('Authorization') ?? '');
        return errorResponse('UNAUTHORIZED', 401);
      }),
    ]);
    const user = userEvent.setup();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MirrorScreen />
      </AppProviders>,
    );
    await user.type(screen.getByLabelText('콘솔 키'), '  wrong-key ');
    await user.click(screen.getByRole('button', { name: '시작하기' }));
    expect(await screen.findByText(rejected)).toBeTruthy();
    expect(keys).toEqual(['Bearer wrong-key']);
    const box = screen.getByLabelText('콘솔 키');
    expect((box as HTMLInputElement).value).toBe('');
    await user.type(box, ' ');
    expect(screen.getByText(rejected)).toBeTruthy();
    await user.type(box, 'n');
    expect(screen.queryByText(rejected)).toBeNull();
    await user.clear(box);
    await user.click(screen.getByRole('button', { name: '시작하기' }));
    expect(screen.getByText(required)).toBeTruthy();
    expect(screen.queryByText(rejected)).toBeNull();
  });
});
