import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchField } from '../../../components/search-field';
import { useCoordinateStore } from '../../../lib/stores/coordinate.store';
import styles from './search.module.css';

export interface SearchBarProps {
  keyword: string;
  onSearch: (keyword: string) => void;
}

/** Keyword field (remount it with `key={keyword}` to follow URL changes); submitting records the keyword in the device's recent keywords (spec 4). */
export function SearchBar({ keyword, onSearch }: SearchBarProps) {
  const { t } = useTranslation('search');
  const [draft, setDraft] = useState(keyword);
  const recent = useCoordinateStore((s) => s.recentKeyword);
  const addRecentKeyword = useCoordinateStore((s) => s.addRecentKeyword);
  const clearRecentKeywords = useCoordinateStore((s) => s.clearRecentKeywords);

  const submit = (value: string) => {
    const trimmed = value.trim();
    if (trimmed) addRecentKeyword(trimmed);
    setDraft(trimmed);
    onSearch(trimmed);
  };

  return (
    <div className={styles.searchBlock}>
      <SearchField
        name="q"
        value={draft}
        onChange={setDraft}
        onClear={() => submit('')}
        onSubmit={() => submit(draft)}
        label={t('search.label')}
        placeholder={t('search.placeholder')}
        clearLabel={t('search.clear')}
        submitLabel={t('search.submit')}
      />
      {recent.length > 0 && (
        <section className={styles.recent} aria-label={t('recent.title')}>
          <div className={styles.recentHeader}>
            <h2 className={styles.recentTitle}>{t('recent.title')}</h2>
            <button type="button" className={styles.textButton} onClick={clearRecentKeywords}>
              {t('recent.clearAll')}
            </button>
          </div>
          <ul className={styles.recentList}>
            {recent.map((k) => (
              <li key={k}>
                <button type="button" className={styles.recentChip} onClick={() => submit(k)}>
                  {k}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
