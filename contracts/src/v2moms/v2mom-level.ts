/**
 * Where a V2MOM sits in the cascade (docs/PRODUCT.md#alignment): the company's, a department's, a
 * team's (a department with a parent department) or a person's, highest first. Each is written to
 * serve one of a higher level, the V2MOM it is aligned to.
 */
export const V2MOM_LEVELS = ['company', 'department', 'team', 'person'] as const;
export type TV2momLevel = (typeof V2MOM_LEVELS)[number];

export const V2MOM_LEVEL_LABELS: Readonly<Record<TV2momLevel, string>> = {
  company: 'Company',
  department: 'Department',
  team: 'Team',
  person: 'Person',
};

/** What a V2MOM is unless its writer says otherwise. */
export const DEFAULT_V2MOM_LEVEL: TV2momLevel = 'person';

/** 0 for the company, rising downwards. */
export function levelRank(level: TV2momLevel): number {
  return V2MOM_LEVELS.indexOf(level);
}

/** Whether a V2MOM of level `parent` may be what one of level `child` is aligned to: strictly higher, so no V2MOM ever reaches itself. */
export function canAlignTo(child: TV2momLevel, parent: TV2momLevel): boolean {
  return levelRank(parent) < levelRank(child);
}

/** The levels a V2MOM of `level` may be aligned to, highest first. */
export function levelsAbove(level: TV2momLevel): TV2momLevel[] {
  return V2MOM_LEVELS.filter((candidate) => canAlignTo(level, candidate));
}

/** A department's and a team's V2MOM name the department whose it is; the company's and a person's name none. */
export function levelHasDepartment(level: TV2momLevel): boolean {
  return level === 'department' || level === 'team';
}
