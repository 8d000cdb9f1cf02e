/** The Items List's tabs (docs/PRODUCT.md#items-list), named in the URL by `tab`. */
export const ITEMS_LIST_TABS = [
  { key: 'all', label: 'All Items' },
  { key: 'methods', label: 'Methods' },
  { key: 'obstacles', label: 'Obstacles' },
  { key: 'team-obstacles', label: 'Team Obstacles' },
  { key: 'measures', label: 'Measures' },
] as const;
export type ItemsListTab = (typeof ITEMS_LIST_TABS)[number]['key'];

/** The tab the URL's `tab` names: All Items when it names none. */
export function itemsListTabOf(requested: string | null): ItemsListTab {
  return ITEMS_LIST_TABS.find((tab) => tab.key === requested)?.key ?? 'all';
}
