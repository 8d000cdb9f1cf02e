import type { TV2mom } from '@v2mom/contracts';

/** '' means "any" for department and status. */
export interface TeamV2momFilters {
  search: string;
  department: string;
  status: string;
}

export const NO_TEAM_FILTERS: TeamV2momFilters = { search: '', department: '', status: '' };

/**
 * Team V2MOMs' live filters: the search matches title or owner name (case-insensitive,
 * trimmed), the department the owner's, and the status the V2MOM's.
 */
export function filterTeamV2moms(v2moms: readonly TV2mom[], { search, department, status }: TeamV2momFilters): TV2mom[] {
  const needle = search.trim().toLocaleLowerCase();
  return v2moms.filter((v2mom) => {
    if (department && v2mom.owner.department !== department) return false;
    if (status && v2mom.status !== status) return false;
    if (!needle) return true;
    return (
      v2mom.title.toLocaleLowerCase().includes(needle) || (v2mom.owner.name ?? '').toLocaleLowerCase().includes(needle)
    );
  });
}
