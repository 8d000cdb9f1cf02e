import type { TDepartment } from '@v2mom/contracts';

/** A department where the tree puts it: how deep, and the name of the department it is a team of. */
export interface PlacedDepartment {
  department: TDepartment;
  depth: number;
  parentName: string | null;
}

/**
 * The departments in tree order (docs/PRODUCT.md#departments-admin): each top department by name,
 * followed by its teams by name, theirs after each. A parent missing from the list, or a loop a
 * database could hold, leaves the department at the top rather than out of sight.
 */
export function departmentTree(departments: readonly TDepartment[]): PlacedDepartment[] {
  const byId = new Map(departments.map((department) => [department.id, department]));
  const teamsOf = new Map<number | null, TDepartment[]>();
  for (const department of departments) {
    const parentId = department.parentId !== null && byId.has(department.parentId) ? department.parentId : null;
    teamsOf.set(parentId, [...(teamsOf.get(parentId) ?? []), department]);
  }
  const placed: PlacedDepartment[] = [];
  const seen = new Set<number>();
  const visit = (parentId: number | null, depth: number) => {
    const teams = [...(teamsOf.get(parentId) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const department of teams) {
      if (seen.has(department.id)) continue;
      seen.add(department.id);
      placed.push({ department, depth, parentName: parentId === null ? null : (byId.get(parentId)?.name ?? null) });
      visit(department.id, depth + 1);
    }
  };
  visit(null, 0);
  // Rows in a loop have no way down from the top: shown at the top, by name.
  for (const department of departments) if (!seen.has(department.id)) placed.push({ department, depth: 0, parentName: null });
  return placed;
}
