import { ButtonLink } from '../../components/ui';
import { requireMembership } from '../../lib/members-only';
import salon from './salon.module.css';

/**
 * The fixed Book bar of the salon and designer pages: a Book button into the reservation flow
 * (guests get the members-only prompt, spec 6), or the shop's "not taking reservations" note.
 */
export function BookBar({
  to,
  isOpen,
  label,
  closedLabel,
}: {
  to: string;
  isOpen: boolean;
  label: string;
  closedLabel: string;
}) {
  return (
    <div className={salon.bookBar}>
      {isOpen ? (
        <ButtonLink
          to={to}
          size="lg"
          block
          onClick={(event) => {
            if (!requireMembership()) event.preventDefault();
          }}
        >
          {label}
        </ButtonLink>
      ) : (
        <p className={salon.bookingClosed}>{closedLabel}</p>
      )}
    </div>
  );
}
