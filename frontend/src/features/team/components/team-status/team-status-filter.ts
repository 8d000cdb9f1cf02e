import type { TMethodListItem, TTask } from '@v2mom/contracts';

/** One department's share of the organisation's work: methods by their owner's department, tasks likewise. */
export interface DepartmentWork {
  methods: readonly TMethodListItem[];
  tasks: readonly TTask[];
}

export function workOfDepartment(
  department: string,
  methods: readonly TMethodListItem[],
  tasks: readonly TTask[],
): DepartmentWork {
  return {
    methods: methods.filter((method) => method.owner?.department === department),
    tasks: tasks.filter((task) => task.owner.department === department),
  };
}
