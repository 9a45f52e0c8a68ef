import { Link } from 'react-router';
import { cx } from '../lib/cx';
import { pageStyles } from './page';

export interface Segment {
  to: string;
  label: string;
  isCurrent: boolean;
}

/** A pill-shaped set of links between sibling views (list/map, women/men, history tabs). */
export interface SegmentedNavProps {
  label: string;
  segments: Segment[];
  isStretched?: boolean;
  /** Switching views of one screen replaces the history entry instead of stacking up. */
  replace?: boolean;
}

export function SegmentedNav({
  label,
  segments,
  isStretched = false,
  replace = false,
}: SegmentedNavProps) {
  return (
    <nav aria-label={label}>
      <div
        className={cx(pageStyles.segmented)}
        style={isStretched ? { display: 'grid', width: '100%' } : undefined}
      >
        {segments.map((segment) => (
          <Link
            key={segment.to}
            to={segment.to}
            replace={replace}
            className={pageStyles.segment}
            aria-current={segment.isCurrent ? 'page' : undefined}
          >
            {segment.label}
          </Link>
        ))}
      </div>
    </nav>
  );
}
