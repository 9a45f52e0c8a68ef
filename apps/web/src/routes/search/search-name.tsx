import { SearchScreen } from '../../features/search/components/search-screen';

/** /find/name/:type — the same list, opened with the keyword field focused. */
export default function SearchNameScreen() {
  return <SearchScreen autoFocus />;
}
