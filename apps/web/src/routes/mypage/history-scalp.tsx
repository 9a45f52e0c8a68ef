import { useSearchParams } from 'react-router';
import { ScalpHistory } from '../../features/records/scalp-history';
import styles from '../../features/records/records.module.css';

/** /mypage/historyscalp — scalp diagnosis history; ?id= opens one diagnosis. */
export default function HistoryScalpScreen() {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id'));
  const selectedId = Number.isInteger(id) && id > 0 ? id : null;
  return (
    <div className={styles.page}>
      <ScalpHistory
        selectedId={selectedId}
        onSelect={(next) => {
          setParams(next === null ? {} : { id: String(next) });
          window.scrollTo?.(0, 0);
        }}
      />
    </div>
  );
}
