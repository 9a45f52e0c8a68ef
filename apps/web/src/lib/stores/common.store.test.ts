// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMMON_STORAGE_KEY, createCommonStore } from './common.store';

function withBrowserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

function store(state: Record<string, unknown>) {
  window.localStorage.setItem(COMMON_STORAGE_KEY, JSON.stringify({ state, version: 1 }));
}

afterEach(() => {
  window.localStorage.clear();
});

describe('locale on first visit and after', () => {
  it('selects server jp and language ja for a Japanese browser', () => {
    withBrowserLanguages(['ja-JP', 'en-US']);
    expect(createCommonStore().getState()).toMatchObject({ language: 'ja', server: 'jp' });
  });

  it('selects server kr and language ko for any other browser language', () => {
    withBrowserLanguages(['en-US', 'ja']);
    expect(createCommonStore().getState()).toMatchObject({ language: 'ko', server: 'kr' });
    withBrowserLanguages(['fr-FR']);
    expect(createCommonStore().getState()).toMatchObject({ language: 'ko', server: 'kr' });
  });

  it('lets a stored choice win over the browser language', () => {
    withBrowserLanguages(['ja-JP']);
    store({ language: 'en', server: 'kr' });
    expect(createCommonStore().getState()).toMatchObject({ language: 'en', server: 'kr' });
  });

  it('ignores invalid stored values and decides as on a first visit', () => {
    withBrowserLanguages(['ja-JP']);
    store({ language: 'xx', server: 'mars', loginID: 'abc', loginFlag: true });
    expect(createCommonStore().getState()).toMatchObject({
      language: 'ja',
      server: 'jp',
      loginID: null,
      loginFlag: false,
    });
  });

  it('persists language, server and the login pair, and nothing else', () => {
    withBrowserLanguages(['ko-KR']);
    const common = createCommonStore();
    common.getState().setLanguage('ja');
    common.getState().setServer('jp');
    common.getState().setLogin(42);
    common.getState().showToast('hello');
    const saved = JSON.parse(window.localStorage.getItem(COMMON_STORAGE_KEY) ?? '{}') as {
      state: Record<string, unknown>;
    };
    expect(saved.state).toEqual({ language: 'ja', server: 'jp', loginID: 42, loginFlag: true });
    common.getState().hideToast();
  });
});
