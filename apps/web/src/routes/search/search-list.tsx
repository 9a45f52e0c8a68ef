import { SearchScreen } from '../../features/search/components/search-screen';

/** /find/:type — the salon list (default type h). */
export default function SearchListScreen() {
  return <SearchScreen />;
}
