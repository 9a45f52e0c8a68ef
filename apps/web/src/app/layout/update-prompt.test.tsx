// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { usePwaUpdateStore } from '../../lib/pwa/update.store';
import { AppProviders } from '../providers';
import { UpdatePrompt } from './update-prompt';

function renderPrompt() {
  return render(
    <AppProviders>
      <UpdatePrompt />
    </AppProviders>,
  );
}

beforeEach(() => {
  usePwaUpdateStore.getState().dismiss();
});

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits', () => {
    renderPrompt();
    expect(screen.queryByTestId('update-prompt')).toBeNull();
  });

  it('asks when a new version waits, and Reload activates it (and nothing before the tap)', async () => {
    const update = vi.fn(() => Promise.resolve());
    renderPrompt();
    act(() => usePwaUpdateStore.getState().showPrompt(update));
    const prompt = await screen.findByTestId('update-prompt');
    expect(prompt.textContent).toContain('새 버전이 나왔어요');
    expect(update).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: '새로고침' }));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('Later hides it without updating; the next found version asks again', async () => {
    const update = vi.fn(() => Promise.resolve());
    renderPrompt();
    act(() => usePwaUpdateStore.getState().showPrompt(update));
    await userEvent.click(await screen.findByRole('button', { name: '나중에' }));
    expect(screen.queryByTestId('update-prompt')).toBeNull();
    expect(update).not.toHaveBeenCalled();

    act(() => usePwaUpdateStore.getState().showPrompt(update));
    expect(await screen.findByTestId('update-prompt')).toBeTruthy();
  });
});
