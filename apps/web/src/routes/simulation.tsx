import { useTranslation } from 'react-i18next';
import { SparklesIcon } from '../components/icons';
import { pageStyles } from '../components/page';
import { ScreenPlaceholder } from '../components/screen-placeholder';

const steps = ['photo', 'detect', 'try'] as const;

export default function SimulationScreen() {
  const { t } = useTranslation('screens');
  return (
    <ScreenPlaceholder
      screen="simulation"
      icon={<SparklesIcon size={32} />}
      after={
        <ol className={pageStyles.steps}>
          {steps.map((step, index) => (
            <li key={step} className={pageStyles.step}>
              <span className={pageStyles.stepDot}>{index + 1}</span>
              {t(`simulation.steps.${step}`)}
            </li>
          ))}
        </ol>
      }
    />
  );
}
