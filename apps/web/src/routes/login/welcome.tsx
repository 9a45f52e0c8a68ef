import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDate, timeZoneOf } from '@carol/i18n/client';
import { CheckIcon, ChevronRightIcon, PaletteIcon, StoreIcon } from '../../components/icons';
import { Page } from '../../components/page';
import { ButtonLink, Skeleton } from '../../components/ui';
import { memberName } from '../../features/auth/member-name';
import { useConsents } from '../../features/auth/use-consents';
import { useUserInfo } from '../../features/auth/use-user-info';
import { safeTarget } from '../../features/oidc/oidc-client';
import { paths } from '../../lib/paths';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './welcome.module.css';

/** Where the sign-up began (a first Google / Apple sign-in from a member-only screen). */
function targetOf(state: unknown): string | null {
  const target =
    typeof state === 'object' && state !== null && 'target' in state ? state.target : null;
  if (typeof target !== 'string') return null;
  const safe = safeTarget(target, '');
  return safe && safe !== paths.home ? safe : null;
}

/**
 * /login/welcome — sign-up complete: the member's name, where to start (find a salon, try a
 * colour), and the marketing choice with its date (Korean law has the sender confirm an
 * opt-in; ADR 025). Shown after the e-mail link and after a first Google / Apple sign-up.
 */
export default function WelcomeScreen() {
  const { t } = useTranslation('signup');
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const target = targetOf(useLocation().state);
  const user = useUserInfo();
  const marketing = useConsents().data?.find((c) => c.item === 'marketing');
  const name = user.data ? memberName(user.data.family_name, user.data.given_name, language) : '';

  return (
    <Page>
      <section className={styles.hero} aria-labelledby="welcome-heading">
        <span className={styles.badge} aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        {user.isPending ? (
          <Skeleton height={30} width="70%" />
        ) : (
          <h2 id="welcome-heading" className={styles.heading}>
            {name ? t('welcome.heading', { name }) : t('welcome.headingNoName')}
          </h2>
        )}
        <p className={styles.body}>{t('welcome.body')}</p>
      </section>

      <section className={styles.next} aria-labelledby="welcome-next">
        <h3 id="welcome-next" className={styles.nextTitle}>
          {t('welcome.nextTitle')}
        </h3>
        <ul className={styles.actions}>
          <li>
            <Link to={paths.findList()} className={styles.action}>
              <span className={styles.actionIcon} aria-hidden="true">
                <StoreIcon size={24} />
              </span>
              <span className={styles.actionText}>
                <strong>{t('welcome.findSalon')}</strong>
                <span>{t('welcome.findSalonBody')}</span>
              </span>
              <ChevronRightIcon size={20} className={styles.chevron} />
            </Link>
          </li>
          <li>
            <Link to={paths.simulation} className={styles.action}>
              <span className={styles.actionIcon} aria-hidden="true">
                <PaletteIcon size={24} />
              </span>
              <span className={styles.actionText}>
                <strong>{t('welcome.tryColour')}</strong>
                <span>{t('welcome.tryColourBody')}</span>
              </span>
              <ChevronRightIcon size={20} className={styles.chevron} />
            </Link>
          </li>
        </ul>
      </section>

      {marketing && (
        <p className={styles.marketing}>
          {marketing.agreed
            ? t('welcome.marketingOn', {
                date: formatDate(new Date(marketing.recorded_at), language, timeZoneOf[server], {
                  dateStyle: 'long',
                }),
              })
            : t('welcome.marketingOff')}
          {/* Japanese sentences follow each other without a space. */}
          {language === 'ja' ? '' : ' '}
          {t('welcome.marketingChange')}
        </p>
      )}

      {target ? (
        <ButtonLink to={target} replace block>
          {t('welcome.continue')}
        </ButtonLink>
      ) : (
        <ButtonLink to={paths.home} replace block variant="outline">
          {t('welcome.home')}
        </ButtonLink>
      )}
    </Page>
  );
}
