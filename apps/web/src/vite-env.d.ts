/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/vanillajs" />

interface ImportMetaEnv {
  /** Base URL of the main API (default /api). */
  readonly VITE_API_BASE?: string;
  /** Base URL of the shop API (default /shop-api). */
  readonly VITE_SHOP_API_BASE?: string;
  /** Base URL of the ML service (default /ml-api). */
  readonly VITE_ML_API_BASE?: string;
  readonly VITE_SUPPORT_PHONE_KR?: string;
  readonly VITE_SUPPORT_PHONE_JP?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  readonly VITE_BUSINESS_NUMBER?: string;
  readonly VITE_MAIL_ORDER_NUMBER?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

interface Window {
  /** index.html's boot fallback: told when the app has started (ADR 023). */
  __carolBoot?: { done(): void };
}
