import { useMemo, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { FilterSheet } from '../../features/search/components/filter-sheet';
import {
  activeFilterCount,
  filtersFromParams,
  filtersToParams,
  type SearchFilters,
} from '../../features/search/filters';
import { formatView, parseView } from '../../features/map/geo';
import { MapScreen } from '../../features/map/map-screen';
import { paths } from '../../lib/paths';

/**
 * /find/map — the map view of the Find list. Both read and write the same URL parameters
 * (keyword, filters, sort), so switching between them keeps the search; the map adds `at`.
 */
export default function SearchMapScreen() {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation() as { state: { listPath?: string } | null };
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const view = useMemo(() => parseView(params.get('at')), [params]);
  const [isSheetOpen, setSheetOpen] = useState(false);
  const [sheetKey, setSheetKey] = useState(0);

  const listPath = state?.listPath?.startsWith('/find/') ? state.listPath : paths.findList();
  const query = filtersToParams({ ...filters, tab: 'shops' }).toString();

  const update = (next: SearchFilters) =>
    setParams(
      (current) => {
        const p = filtersToParams({ ...next, tab: 'shops' });
        const at = current.get('at');
        if (at) p.set('at', at);
        return p;
      },
      { state },
    );

  return (
    <>
      <MapScreen
        filters={filters}
        filterCount={activeFilterCount(filters)}
        view={view}
        onViewChange={(v) =>
          setParams(
            (current) => {
              const p = new URLSearchParams(current);
              p.set('at', formatView(v));
              return p;
            },
            { replace: true, state },
          )
        }
        listHref={query ? `${listPath}?${query}` : listPath}
        onOpenFilters={() => {
          setSheetKey((k) => k + 1);
          setSheetOpen(true);
        }}
        onClearKeyword={() => update({ ...filters, keyword: '' })}
      />
      <FilterSheet
        key={sheetKey}
        isOpen={isSheetOpen}
        filters={filters}
        onClose={() => setSheetOpen(false)}
        onApply={(next) => {
          setSheetOpen(false);
          update(next);
        }}
      />
    </>
  );
}
