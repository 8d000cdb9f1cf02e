import { METHOD_FIELD_NAMES } from '@v2mom/contracts';
import type { ItemChanges } from '../unseen/unseen-model';
import { itemKey } from '../unseen/unseen-context';
import type { UnseenStop } from '../unseen/unseen-banner';
import type { FormTab, V2momFormState } from './form-state';

/**
 * The fields the form marks, in the order it shows them. A method's are its field table's, in the
 * table's order, but for the COO checkbox, which carries no mark, and the confidence, which only a
 * check-in gives (docs/PRODUCT.md#confidence).
 */
const MARKED_FIELDS = {
  value: ['description'],
  method: METHOD_FIELD_NAMES.filter((field) => field !== 'forCooTracking' && field !== 'confidence'),
  obstacle: ['description', 'ownerId'],
};

export interface StopOpeners {
  tab: (tab: FormTab) => void;
  /** Expands a collapsed method. */
  method: (key: string) => void;
}

function stopsOf(item: ItemChanges | undefined, fields: readonly string[], open: () => void, createdApart: boolean): UnseenStop[] {
  if (!item) return [];
  const stops = fields.flatMap((field) => {
    const change = item.fields.get(field);
    return change ? [{ changeId: change.changeIds[change.changeIds.length - 1]!, open }] : [];
  });
  // A created item's marker is its description's, unless it stands apart (a method's header).
  if (item.created && (createdApart || stops.length === 0)) stops.unshift({ changeId: item.created.changeId, open });
  return stops;
}

/**
 * The form's unseen changes in the order it shows them, tab by tab (docs/PRODUCT.md#since-you-last-looked):
 * each stop opens its tab, and expands its method.
 */
export function formStops(v2momId: number, form: V2momFormState, items: ReadonlyMap<string, ItemChanges>, open: StopOpeners): UnseenStop[] {
  return [
    // The title stands above the tabs.
    ...stopsOf(items.get(itemKey('v2mom', v2momId)), ['title'], () => {}, false),
    ...stopsOf(items.get(itemKey('v2mom', v2momId)), ['vision'], () => open.tab('vision'), false),
    ...form.values.flatMap((value) =>
      value.id === undefined ? [] : stopsOf(items.get(itemKey('value', value.id)), MARKED_FIELDS.value, () => open.tab('values'), false),
    ),
    ...form.methods.flatMap((method) =>
      method.id === undefined
        ? []
        : stopsOf(
            items.get(itemKey('method', method.id)),
            MARKED_FIELDS.method,
            () => {
              open.tab('methods');
              open.method(method.key);
            },
            true,
          ),
    ),
    ...form.obstacles.flatMap((obstacle) =>
      obstacle.id === undefined ? [] : stopsOf(items.get(itemKey('obstacle', obstacle.id)), MARKED_FIELDS.obstacle, () => open.tab('obstacles'), false),
    ),
  ];
}
