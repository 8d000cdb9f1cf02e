import type { TEntityName } from '@v2mom/contracts';
import { ChangedByNote } from '../../../../components/live/changed-by-note';
import { changeKeys, useRecentChange } from '../../../../lib/live/recent-changes';

/**
 * 'Updated by Avery Admin' on a saved item of the form for a few seconds after someone else's
 * change, whichever of its fields it touched (docs/PRODUCT.md#editing-together).
 */
export function ItemChangeNote({ entity, id }: { entity: TEntityName; id: number | undefined }) {
  const change = useRecentChange(changeKeys.item(entity, id ?? 0));
  return id === undefined ? null : <ChangedByNote change={change} />;
}
