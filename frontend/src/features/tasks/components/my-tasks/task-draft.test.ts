import { describe, expect, it } from 'vitest';
import { taskChanges, taskDraftOf } from './task-draft';

const task = { updates: null, status: 'not_started' as const };

describe('taskChanges', () => {
  it('sends nothing for an untouched draft', () => {
    expect(taskChanges(task, taskDraftOf(task))).toEqual({});
  });

  it('sends the changed updates and status', () => {
    expect(taskChanges(task, { updates: 'Half done', status: 'in_progress' })).toEqual({ updates: 'Half done', status: 'in_progress' });
    expect(taskChanges({ updates: 'Old', status: 'completed' }, { updates: ' ', status: 'completed' })).toEqual({ updates: null });
  });
});
