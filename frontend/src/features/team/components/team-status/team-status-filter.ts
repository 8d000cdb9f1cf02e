import type { TMethodListItem, TTask } from '@v2mom/contracts';

/** One department's share of the organisation's work: methods by their owner's department, tasks likewise. */
export interface DepartmentWork {
  methods: readonly TMethodListItem[];
  tasks: readonly TTask[];
}

const byLatestChange = (a: TMethodListItem, b: TMethodListItem) =>
  a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : b.id - a.id;

/**
 * The department's methods, latest change first (what moved lately leads the first page), and
 * its tasks in the server's order, newest first.
 */
export function workOfDepartment(
  department: string,
  methods: readonly TMethodListItem[],
  tasks: readonly TTask[],
): DepartmentWork {
  return {
    methods: methods.filter((method) => method.owner?.department === department).sort(byLatestChange),
    tasks: tasks.filter((task) => task.owner.department === department),
  };
}
