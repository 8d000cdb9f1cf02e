import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { conflictIn } from './conflict-body';
import { changedUnderneath, inlineEditKeyAction } from './inline-edit';

const key = (key: string, modifiers: { ctrlKey?: boolean; metaKey?: boolean; isComposing?: boolean } = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});

describe('inlineEditKeyAction', () => {
  it('saves on Ctrl+Enter and Cmd+Enter, cancels on Esc', () => {
    expect(inlineEditKeyAction(key('Enter', { ctrlKey: true }))).toBe('save');
    expect(inlineEditKeyAction(key('Enter', { metaKey: true }))).toBe('save');
    expect(inlineEditKeyAction(key('Escape'))).toBe('cancel');
  });

  it('leaves plain Enter (a new line) and keys of a composing input method alone', () => {
    expect(inlineEditKeyAction(key('Enter'))).toBeNull();
    expect(inlineEditKeyAction(key('a', { ctrlKey: true }))).toBeNull();
    expect(inlineEditKeyAction(key('Escape', { isComposing: true }))).toBeNull();
  });
});

describe('changedUnderneath', () => {
  const row = { version: 3, updatedBy: { id: 2, name: 'Casey Chen', active: true }, updatedAt: '2026-01-02T10:00:00.000Z' };
  const conflictBody = JSON.stringify({
    message: 'Casey Chen changed this method after you opened it. Reload to see their changes.',
    code: 'conflict',
    conflict: { entity: 'method', id: 7, version: 4, updatedBy: { id: 1, name: 'Avery Admin', active: true }, updatedAt: '2026-01-02T11:00:00.000Z' },
  });

  it('is nothing while the row is still at the version the edit began from', () => {
    expect(changedUnderneath(null, 3, row)).toBeNull();
  });

  it('names the author of a newer live row', () => {
    expect(changedUnderneath(null, 2, row)).toEqual({ updatedBy: row.updatedBy, updatedAt: row.updatedAt });
  });

  it('names who and when from a 409 answer, whatever the cache holds', () => {
    const error = new ApiError(409, conflictBody, undefined, 'Conflict', conflictIn(conflictBody));
    expect(changedUnderneath(error, 3, row)).toEqual({ updatedBy: { id: 1, name: 'Avery Admin', active: true }, updatedAt: '2026-01-02T11:00:00.000Z' });
  });

  it('still reports a 409 whose body it cannot read', () => {
    const error = new ApiError(409, 'Conflict', undefined, 'Conflict');
    expect(changedUnderneath(error, 3, row)).toEqual({ updatedBy: null, updatedAt: row.updatedAt });
  });

  it('ignores other failures', () => {
    expect(changedUnderneath(new ApiError(500, '', undefined, 'Server Error'), 3, row)).toBeNull();
  });
});
