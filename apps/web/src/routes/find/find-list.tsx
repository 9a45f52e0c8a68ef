import { FindScreen } from '../../features/find/components/find-screen';

/** /find/:type — the salon list (default type h). */
export default function FindListScreen() {
  return <FindScreen />;
}
