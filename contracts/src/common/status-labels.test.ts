import { describe, expect, it } from 'vitest';
import { measureStatusLabel } from '../measures/measure-status.js';
import {
  personalListStatusLabel,
  teamTableStatusLabel,
  v2momStatusTone,
} from '../v2moms/v2mom-status.js';
import { workStatusLabel, workStatusTone } from './work-status.js';

describe('method and task status badges', () => {
  it.each([
    ['not_started', 'Not Started', 'grey'],
    ['in_progress', 'In Progress', 'blue'],
    ['completed', 'Completed', 'green'],
    ['at_risk', 'At Risk', 'red'],
    [undefined, 'Not Started', 'grey'],
    ['bogus', 'Not Started', 'grey'],
  ])('%s reads %s in %s', (status, label, tone) => {
    expect(workStatusLabel(status)).toBe(label);
    expect(workStatusTone(status)).toBe(tone);
  });
});

describe('V2MOM status badges', () => {
  it.each([
    ['completed', 'Completed', 'Completed', 'green'],
    ['in_progress', 'In Progress', 'In Progress', 'yellow'],
    ['at_risk', 'At Risk', 'At Risk', 'red'],
    ['draft', 'Draft', 'Draft', 'grey'],
    ['not_started', 'Not Started', 'Not Started', 'grey'],
    ['', 'Draft', 'Not Started', 'grey'],
    [null, 'Draft', 'Not Started', 'grey'],
    ['archived', 'Draft', 'Not Started', 'grey'],
  ])('%j: personal list %s, team table %s, %s', (status, personal, team, tone) => {
    expect(personalListStatusLabel(status)).toBe(personal);
    expect(teamTableStatusLabel(status)).toBe(team);
    expect(v2momStatusTone(status)).toBe(tone);
  });
});

describe('measure status labels', () => {
  it.each([
    ['on_track', 'On Track'],
    ['at_risk', 'At Risk'],
    ['achieved', 'Achieved'],
    ['anything else', 'Achieved'],
    [undefined, 'Achieved'],
  ])('%s reads %s', (status, label) => {
    expect(measureStatusLabel(status)).toBe(label);
  });
});
