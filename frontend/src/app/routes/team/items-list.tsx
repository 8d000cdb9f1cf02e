import { useSearchParams } from 'react-router-dom';
import { StaleMarksContext } from '../../../components/stale-marks';
import { PageHeader } from '../../../components/ui/page-header';
import { useRhythmStaleMarks } from '../../../features/rhythm/hooks/use-rhythm-stale-marks';
import { useV2momsComplete } from '../../../features/team/api/get-v2moms-complete';
import { isItemsListTab, ItemsList, type ItemsListTab } from '../../../features/team/components/items-list/items-list';

/** Methods, obstacles and measures of every V2MOM in five tabs, stale methods marked; the tab is in the URL (docs/PRODUCT.md#items-list). */
export default function ItemsListPage() {
  const v2moms = useV2momsComplete();
  const staleMarks = useRhythmStaleMarks();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ItemsListTab = isItemsListTab(requested) ? requested : 'all';
  const selectTab = (next: ItemsListTab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <StaleMarksContext.Provider value={staleMarks}>
      <PageHeader title="Items List" subtitle="Methods, obstacles and measures across all V2MOMs" />
      <ItemsList query={v2moms} v2moms={v2moms.data} tab={tab} onTab={selectTab} />
    </StaleMarksContext.Provider>
  );
}
