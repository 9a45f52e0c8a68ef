import { FindScreen } from '../../features/find/components/find-screen';

/** /find/name/:type — the same list, opened with the keyword field focused. */
export default function FindNameScreen() {
  return <FindScreen autoFocus />;
}
