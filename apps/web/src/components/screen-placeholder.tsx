import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DescribedScreenKey } from '../app/route-handle';
import { Card, EmptyState } from './ui';
import { Page } from './page';

export interface ScreenPlaceholderProps {
  screen: DescribedScreenKey;
  icon: ReactNode;
  /** Interpolation values for the description (e.g. the e-mail of a reset link). */
  values?: { email?: string };
  /** Controls shown above the card (tabs, search entry). */
  before?: ReactNode;
  /** Buttons or links under the description. */
  actions?: ReactNode;
  /** Content under the card. */
  after?: ReactNode;
}

/**
 * A screen whose data arrives in a later issue: its controls, plus an honest card that says what
 * the screen will hold. It never shows invented data.
 */
export function ScreenPlaceholder({
  screen,
  icon,
  values,
  before,
  actions,
  after,
}: ScreenPlaceholderProps) {
  const { t } = useTranslation('screens');
  return (
    <Page>
      {before}
      <Card as="section" tone="elevated" padded={false}>
        <EmptyState
          icon={icon}
          title={t(`${screen}.heading` as const)}
          description={t(`${screen}.description` as const, { email: values?.email ?? '' })}
          actions={actions}
        />
      </Card>
      {after}
    </Page>
  );
}
