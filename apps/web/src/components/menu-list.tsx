import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx } from '../lib/cx';
import { ChevronRightIcon } from './icons';
import { pageStyles } from './page';

export interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  isDanger?: boolean;
}

/** A grouped list of navigation rows (my page, settings). */
export function MenuList({ label, items }: { label: string; items: MenuItem[] }) {
  return (
    <nav aria-label={label}>
      <ul className={pageStyles.menuList}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={cx(pageStyles.menuItem, item.isDanger && pageStyles.danger)}
            >
              <span className={pageStyles.menuIcon} aria-hidden="true">
                {item.icon}
              </span>
              <span className={pageStyles.menuLabel}>{item.label}</span>
              <ChevronRightIcon size={18} className={pageStyles.menuChevron} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
