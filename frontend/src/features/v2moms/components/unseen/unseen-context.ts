import type { TLoggedEntity } from '@v2mom/contracts';
import { createContext } from 'react';
import type { ItemChanges } from './unseen-model';

export interface UnseenMarks {
  /** Unseen changes by item (`itemKey`). */
  items: ReadonlyMap<string, ItemChanges>;
  /** Everyone the page names, by id, so owner changes read as names. */
  people: ReadonlyMap<number, string>;
}

export const itemKey = (entity: TLoggedEntity, rowId: number) => `${entity}:${rowId}`;

export const NO_UNSEEN_MARKS: UnseenMarks = { items: new Map(), people: new Map() };

/** The page's unseen changes, for the markers on its fields (docs/PRODUCT.md#since-you-last-looked). */
export const UnseenMarksContext = createContext<UnseenMarks>(NO_UNSEEN_MARKS);
