import { useTranslation } from 'react-i18next';
import { languageValues, serverValues, type Language, type Server } from '@carol/contracts';
import { CheckIcon } from './icons';
import { Button, Sheet } from './ui';
import { cx } from '../lib/cx';
import { useCommonStore } from '../lib/stores/common.store';
import styles from './locale-sheet.module.css';

const scriptOf: Record<Language, 'ko' | 'ja' | undefined> = { ko: 'ko', en: undefined, ja: 'ja' };
const serverScript: Record<Server, 'ko' | 'ja'> = { kr: 'ko', jp: 'ja' };

/** The language (ko/en/ja) and country (한국/日本) switch. Choices apply at once and persist. */
export function LocaleSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const setLanguage = useCommonStore((s) => s.setLanguage);
  const setServer = useCommonStore((s) => s.setServer);

  return (
    <Sheet isOpen={isOpen} onClose={onClose} title={t('locale.sheetTitle')}>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('locale.languageLabel')}</legend>
        <div className={styles.options} role="radiogroup" aria-label={t('locale.languageLabel')}>
          {languageValues.map((value) => {
            const script = scriptOf[value];
            return (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={language === value}
                lang={value}
                className={cx(styles.option, script && styles[`lang-${script}`])}
                onClick={() => setLanguage(value)}
              >
                {t(`languages.${value}`)}
                {language === value && <CheckIcon className={styles.check} size={20} />}
              </button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t('locale.countryLabel')}</legend>
        <div
          className={cx(styles.options, styles.row)}
          role="radiogroup"
          aria-label={t('locale.countryLabel')}
        >
          {serverValues.map((value) => (
            <button
              key={value}
              type="button"
              role="radio"
              aria-checked={server === value}
              lang={serverScript[value]}
              className={cx(styles.option, styles[`lang-${serverScript[value]}`])}
              onClick={() => setServer(value)}
            >
              {t(`countries.${value}`)}
              {server === value && <CheckIcon className={styles.check} size={20} />}
            </button>
          ))}
        </div>
        <p className={styles.hint}>{t('locale.countryHint')}</p>
      </fieldset>
      <Button block onClick={onClose}>
        {t('actions.done')}
      </Button>
    </Sheet>
  );
}
