import type { TMethodListItem } from '@v2mom/contracts';

const byLatestChange = (a: TMethodListItem, b: TMethodListItem) =>
  a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id;

/** The department's methods (by their owner's department), latest change first: what moved lately leads the first page. */
export function methodsOfDepartment(department: string, methods: readonly TMethodListItem[]): readonly TMethodListItem[] {
  return methods.filter((method) => method.owner?.department === department).sort(byLatestChange);
}
