// Shared with the home page's nearby sections; the hook lives in lib/.
export { useSearchOrigin, type OriginState } from '../../lib/use-search-origin';
