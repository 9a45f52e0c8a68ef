import { useTranslation } from 'react-i18next';
import { useMembersOnlyPrompt } from '../lib/members-only';
import { paths } from '../lib/paths';
import { UserIcon } from './icons';
import { ButtonLink, Sheet } from './ui';
import styles from './members-only-sheet.module.css';

/** Spec 6 messages, with the two ways forward: log in or register. */
export function MembersOnlySheet() {
  const { t } = useTranslation();
  const { t: te } = useTranslation('errors');
  const { isOpen, close } = useMembersOnlyPrompt();
  return (
    <Sheet isOpen={isOpen} onClose={close} title={te('NOT_A_MEMBER')}>
      <div className={styles.body}>
        <span className={styles.icon} aria-hidden="true">
          <UserIcon size={28} />
        </span>
        <p className={styles.text}>{te('MEMBERS_ONLY')}</p>
        <div className={styles.actions}>
          <ButtonLink to={paths.login} size="lg" block onClick={close}>
            {t('membersOnly.login')}
          </ButtonLink>
          <ButtonLink to="/login/registeruser" size="lg" variant="outline" block onClick={close}>
            {t('membersOnly.register')}
          </ButtonLink>
        </div>
      </div>
    </Sheet>
  );
}
