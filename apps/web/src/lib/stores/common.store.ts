import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Language, Server } from '@carol/contracts';
import { initialLocale } from '@carol/i18n/client';

/** Spec section 3, `common`. */
export interface CommonState {
  /** True while any API call runs (kept in sync with TanStack Query by the loading bar). */
  isLoading: boolean;
  language: Language;
  server: Server;
  toastShow: boolean;
  /** HTML; sanitized when rendered. */
  toastText: string;
  /** false = default colour, true = the alternate (accent) colour. */
  toastColor: boolean;
  /** Increases with every showToast, so a replacement toast restarts the countdown. */
  toastSeq: number;
  loginID: number | null;
  loginFlag: boolean;
}

export interface ToastOptions {
  alternateColor?: boolean;
}

export interface CommonActions {
  setLoading: (isLoading: boolean) => void;
  setLanguage: (language: Language) => void;
  setServer: (server: Server) => void;
  /** Shows `html` (sanitized on render) and hides it after `limits.toastHideMs`. */
  showToast: (html: string, options?: ToastOptions) => void;
  hideToast: () => void;
  setLogin: (loginID: number) => void;
  clearLogin: () => void;
}

export type CommonStore = CommonState & CommonActions;

/** What survives a reload. The login pair is re-validated by user_check before every navigation. */
type PersistedCommon = Pick<CommonState, 'language' | 'server' | 'loginID' | 'loginFlag'>;

export const COMMON_STORAGE_KEY = 'carol-common';

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages && navigator.languages.length > 0) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** A factory so tests can build a fresh store against a given browser and storage. */
export function createCommonStore() {
  const first = initialLocale(browserLanguages());

  return create<CommonStore>()(
    persist(
      (set, get) => ({
        isLoading: false,
        language: first.language,
        server: first.server,
        toastShow: false,
        toastText: '',
        toastColor: false,
        toastSeq: 0,
        loginID: null,
        loginFlag: false,

        setLoading: (isLoading) => {
          if (get().isLoading !== isLoading) set({ isLoading });
        },
        setLanguage: (language) => set({ language }),
        setServer: (server) => set({ server }),
        // The 2000 ms countdown runs in <Toast> from the moment the toast is on screen: a toast
        // raised before the first paint (a guard redirect on a slow phone) still shows in full.
        showToast: (html, options = {}) =>
          set((state) => ({
            toastShow: true,
            toastText: html,
            toastColor: options.alternateColor ?? false,
            toastSeq: state.toastSeq + 1,
          })),
        hideToast: () => set({ toastShow: false, toastText: '', toastColor: false }),
        setLogin: (loginID) => set({ loginID, loginFlag: true }),
        clearLogin: () => set({ loginID: null, loginFlag: false }),
      }),
      {
        name: COMMON_STORAGE_KEY,
        version: 1,
        storage: createJSONStorage(() => window.localStorage),
        partialize: (state): PersistedCommon => ({
          language: state.language,
          server: state.server,
          loginID: state.loginID,
          loginFlag: state.loginFlag,
        }),
        // A stored choice wins; anything missing or invalid is decided by the browser language
        // exactly as on a first visit (spec section 1).
        merge: (persisted, current) => {
          const stored = (persisted ?? {}) as Partial<PersistedCommon>;
          const locale = initialLocale(browserLanguages(), {
            language: stored.language ?? null,
            server: stored.server ?? null,
          });
          const loginID =
            typeof stored.loginID === 'number' &&
            Number.isInteger(stored.loginID) &&
            stored.loginID > 0
              ? stored.loginID
              : null;
          return {
            ...current,
            ...locale,
            loginID,
            loginFlag: loginID !== null && stored.loginFlag === true,
          };
        },
      },
    ),
  );
}

export const useCommonStore = createCommonStore();

export function selectIsLoggedIn(state: Pick<CommonState, 'loginFlag' | 'loginID'>): boolean {
  return state.loginFlag && state.loginID !== null;
}
