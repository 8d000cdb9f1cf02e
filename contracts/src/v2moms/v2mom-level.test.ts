import { describe, expect, it } from 'vitest';
import { canAlignTo, levelHasDepartment, levelsAbove } from './v2mom-level.js';
import { v2momMatches } from './v2mom-page.rules.js';

describe('V2MOM levels', () => {
  it('aligns a V2MOM only to a strictly higher level', () => {
    expect(canAlignTo('person', 'team')).toBe(true);
    expect(canAlignTo('team', 'team')).toBe(false);
    expect(canAlignTo('department', 'team')).toBe(false);
    expect(levelsAbove('team')).toEqual(['company', 'department']);
    expect(levelsAbove('company')).toEqual([]);
  });

  it('ties department and team V2MOMs to a department only', () => {
    expect(['company', 'department', 'team', 'person'].map((level) => levelHasDepartment(level as never))).toEqual([false, true, true, false]);
  });

  it('holds a V2MOM in a list filtered by year and level above as the server does', () => {
    const row = { year: 2026, level: 'department', title: 'Plan', owner: { name: 'Ada', department: 'Sales' } } as never;
    expect(v2momMatches(row, { year: 2026, levelAbove: 'team' })).toBe(true);
    expect(v2momMatches(row, { levelAbove: 'department' })).toBe(false);
    expect(v2momMatches(row, { year: 2027 })).toBe(false);
  });
});
