import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CloseIcon, SearchIcon } from '../../../components/icons';
import { useCoordinateStore } from '../../../lib/stores/coordinate.store';
import styles from './find.module.css';

export interface SearchBarProps {
  keyword: string;
  onSearch: (keyword: string) => void;
}

/** Keyword field (remount it with `key={keyword}` to follow URL changes); submitting records the keyword in the device's recent keywords (spec 4). */
export function SearchBar({ keyword, onSearch }: SearchBarProps) {
  const { t } = useTranslation('find');
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(draft);
  };

  return (
    <div className={styles.searchBlock}>
      <form role="search" className={styles.searchForm} onSubmit={onSubmit}>
        <SearchIcon size={20} aria-hidden="true" />
        <input
          type="search"
          name="q"
          enterKeyHint="search"
          className={styles.searchInput}
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          value={draft}
          maxLength={100}
          onChange={(e) => setDraft(e.target.value)}
        />
        {draft && (
          <button
            type="button"
            className={styles.clearButton}
            aria-label={t('search.clear')}
            onClick={() => submit('')}
          >
            <CloseIcon size={16} />
          </button>
        )}
        <button type="submit" className={styles.submitButton}>
          {t('search.submit')}
        </button>
      </form>
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
