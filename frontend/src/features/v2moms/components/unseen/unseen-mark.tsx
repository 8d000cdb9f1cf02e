import type { TLoggedEntity } from '@v2mom/contracts';
import { useContext } from 'react';
import { preloadable, useLoadedOnDemand } from '../../../../lib/preloadable';
import { UnseenMarksContext } from './unseen-context';
import { fieldLabel, itemKey, valueText } from './unseen-model';
import type { Line } from './unseen-mark-button';

// The marker's popover code and @floating-ui/react load once a page has a change to mark
// (docs/PERFORMANCE.md, "What a first visit downloads").
const MarkButton = preloadable<{ lines: readonly Line[]; changeIds: readonly number[] }>(() => import('./unseen-mark-button'));

export interface UnseenMarkProps {
  entity: TLoggedEntity;
  /** The item's id; none for an item not saved yet, which has no changes. */
  rowId: number | undefined;
  /** The fields the marked place shows. */
  fields: readonly string[];
  /** Also mark the item's creation here. */
  created?: boolean;
}

/**
 * A quiet dot beside a field others changed since the person last looked: hover, focus or tap
 * shows what it was, what it is and who changed it (docs/PRODUCT.md#since-you-last-looked).
 * Its accessible description says the same, so screen readers need not open it; its name stays
 * short, so it never reads as part of the field's label. A field with no unseen change renders nothing.
 */
export function UnseenMark({ entity, rowId, fields, created = false }: UnseenMarkProps) {
  const { items, people } = useContext(UnseenMarksContext);
  const item = rowId === undefined ? undefined : items.get(itemKey(entity, rowId));
  const lines: Line[] = [];
  const changeIds: number[] = [];
  if (item && created && item.created) {
    lines.push({ key: 'created', what: 'Added', ...item.created });
    changeIds.push(item.created.changeId);
  }
  for (const field of item ? fields : []) {
    const change = item?.fields.get(field);
    if (!change) continue;
    lines.push({
      key: field,
      what: `${fieldLabel(field)} changed`,
      old: valueText(entity, field, change.old, people),
      new: valueText(entity, field, change.new, people),
      actor: change.actor,
      viaToken: change.viaToken,
      at: change.at,
    });
    changeIds.push(...change.changeIds);
  }
  const loaded = useLoadedOnDemand(MarkButton, lines.length > 0);
  return lines.length === 0 || !loaded ? null : <MarkButton lines={lines} changeIds={changeIds} />;
}
