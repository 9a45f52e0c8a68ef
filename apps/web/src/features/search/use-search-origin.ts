// Shared with the home page's nearby sections; the hook lives in lib/.
export { useSearchOrigin } from '../../lib/use-search-origin';
