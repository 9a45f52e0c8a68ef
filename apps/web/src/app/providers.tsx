import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { i18n as appI18n } from '../lib/i18n/i18n';
import { queryClient as appQueryClient } from '../lib/api/query-client';

export function AppProviders({
  children,
  queryClient = appQueryClient,
  i18n = appI18n,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  i18n?: I18n;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
