import { useTranslation } from 'react-i18next';
import { formatDate, timeZoneOf } from '@carol/i18n/client';
// The reference (ko) legal namespace alone, for its section order (not every catalog).
import { legal as referenceLegal } from '@carol/i18n/ko/legal';
import { Card } from '../../components/ui';
import { Page } from '../../components/page';
import { companyInfo } from '../../lib/company';
import { useCommonStore } from '../../lib/stores/common.store';
import styles from './legal-document.module.css';

export type LegalDoc = 'terms' | 'privacy';

/** Section order comes from the reference (ko) catalog; every language has the same keys. */
const sectionKeys = {
  terms: Object.keys(referenceLegal.terms.sections) as Array<
    keyof typeof referenceLegal.terms.sections
  >,
  privacy: Object.keys(referenceLegal.privacy.sections) as Array<
    keyof typeof referenceLegal.privacy.sections
  >,
};

function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ behavior: 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
}

type SectionT = (doc: LegalDoc, key: string, part: 'heading' | 'body') => string;

function useSectionT(): SectionT {
  const { t } = useTranslation('legal');
  // Keys are built from the catalog's own section list, so they exist; the cast only tells the
  // typed `t` which of the two documents' shapes to expect.
  return (doc, key, part) =>
    t(`${doc}.sections.${key}.${part}` as `terms.sections.purpose.${typeof part}`);
}

/**
 * The numbered sections of a document. Also shown on their own where a member agrees to them
 * (the sign-up consent sheet), under that sheet's title: `headingLevel` 3 there.
 */
export function LegalSections({
  doc,
  idPrefix = doc,
  headingLevel = 2,
}: {
  doc: LegalDoc;
  idPrefix?: string;
  headingLevel?: 2 | 3;
}) {
  const sectionT = useSectionT();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const keys: readonly string[] = sectionKeys[doc];
  return keys.map((key) => (
    <section
      key={key}
      id={`${idPrefix}-${key}`}
      className={styles.section}
      tabIndex={-1}
      aria-labelledby={`${idPrefix}-${key}-h`}
    >
      <Heading id={`${idPrefix}-${key}-h`} className={styles.heading}>
        {sectionT(doc, key, 'heading')}
      </Heading>
      {sectionT(doc, key, 'body')
        .split('\n')
        .map((paragraph, index) => (
          <p key={index} className={styles.body}>
            {paragraph}
          </p>
        ))}
    </section>
  ));
}

/** Terms of service and privacy policy: effective date, contents, numbered sections. */
export function LegalDocument({ doc }: { doc: LegalDoc }) {
  const { t } = useTranslation('legal');
  const sectionT = useSectionT();
  const language = useCommonStore((s) => s.language);
  const server = useCommonStore((s) => s.server);
  const effective = formatDate(
    new Date(companyInfo.policyEffectiveDate),
    language,
    timeZoneOf[server],
    { dateStyle: 'long' },
  );
  const keys: readonly string[] = sectionKeys[doc];

  return (
    <Page>
      <article className={styles.doc}>
        <div className={styles.meta}>
          <span className={styles.effective}>{t('effective', { date: effective })}</span>
          <p className={styles.intro}>{t(`${doc}.intro`)}</p>
        </div>
        <Card as="aside" tone="muted">
          <h2 className={styles.tocTitle}>{t('toc')}</h2>
          <ol className={styles.toc}>
            {keys.map((key) => (
              <li key={key}>
                <a
                  href={`#${doc}-${key}`}
                  className={styles.tocLink}
                  onClick={(event) => {
                    event.preventDefault();
                    scrollToSection(`${doc}-${key}`);
                  }}
                >
                  {sectionT(doc, key, 'heading')}
                </a>
              </li>
            ))}
          </ol>
        </Card>
        <LegalSections doc={doc} />
      </article>
    </Page>
  );
}
