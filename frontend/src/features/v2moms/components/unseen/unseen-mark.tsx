import type { TLoggedEntity } from '@v2mom/contracts';
import { Suspense, useContext } from 'react';
import { preloadable } from '../../../../lib/preloadable';
import { itemKey, UnseenMarksContext } from './unseen-context';

export interface UnseenMarkProps {
  entity: TLoggedEntity;
  /** The item's id; none for an item not saved yet, which has no changes. */
  rowId: number | undefined;
  /** The fields the marked place shows. */
  fields: readonly string[];
  /** Also mark the item's creation here. */
  created?: boolean;
}

/** The marks' sentences and dot, loaded with the page's unseen changes (`use-unseen.ts`). */
export const UnseenMarkLines = preloadable<UnseenMarkProps>(() => import('./unseen-mark-lines'));

/**
 * A quiet dot beside a field others changed since the person last looked: hover, focus or tap
 * shows what it was, what it is and who changed it (docs/PRODUCT.md#since-you-last-looked).
 * Its accessible description says the same, so screen readers need not open it; its name stays
 * short, so it never reads as part of the field's label. A field with no unseen change renders nothing.
 */
export function UnseenMark(props: UnseenMarkProps) {
  const { items } = useContext(UnseenMarksContext);
  if (props.rowId === undefined || !items.has(itemKey(props.entity, props.rowId))) return null;
  return (
    <Suspense fallback={null}>
      <UnseenMarkLines {...props} />
    </Suspense>
  );
}
