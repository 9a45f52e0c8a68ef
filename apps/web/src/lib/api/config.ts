import { defaultBasePaths, type ServiceBase } from '@carol/contracts';

function base(value: string | undefined, fallback: string): string {
  const chosen = value && value.trim() !== '' ? value.trim() : fallback;
  return chosen.replace(/\/+$/, '');
}

/** The three service bases (docs/architecture.md), each movable to its own host at build time. */
export const baseUrls: Record<ServiceBase, string> = {
  main: base(import.meta.env.VITE_API_BASE, defaultBasePaths.main),
  shop: base(import.meta.env.VITE_SHOP_API_BASE, defaultBasePaths.shop),
  ml: base(import.meta.env.VITE_ML_API_BASE, defaultBasePaths.ml),
};
