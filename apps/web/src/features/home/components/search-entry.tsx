import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../components/icons';
import { pageStyles } from '../../../components/page';
import { paths } from '../../../lib/paths';

/** Looks like a search field; opens the name search screen, where typing happens. */
export function SearchEntry() {
  const { t } = useTranslation('home');
  return (
    <Link to={paths.findByName()} className={pageStyles.searchLink} aria-label={t('search.label')}>
      <SearchIcon size={20} />
      <span aria-hidden="true">{t('search.placeholder')}</span>
    </Link>
  );
}
