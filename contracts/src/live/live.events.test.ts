import { describe, expect, it } from 'vitest';
import {
  ORG_ROOM,
  ZEntityChangedEventSchema,
  ZFocusItemCommandSchema,
  ZHeartbeatEventSchema,
  ZJoinV2momCommandSchema,
  ZLeaveV2momCommandSchema,
  ZPresenceEventSchema,
  departmentRoom,
  v2momRoom,
} from './live.events.js';
import { LIVE_EVENTS } from './live.names.js';

describe('rooms', () => {
  it('names one room per V2MOM, per department and one for the organisation, none of them alike', () => {
    expect([ORG_ROOM, v2momRoom(7), departmentRoom('AI GTM')]).toEqual(['org', 'v2mom:7', 'dept:AI GTM']);
    expect(v2momRoom(7)).not.toBe(v2momRoom(70));
  });
});

describe('event names', () => {
  it('are distinct, commands as entity:verb', () => {
    const names = Object.values(LIVE_EVENTS);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+:[a-z]+$/);
  });
});

describe('entity:changed', () => {
  const envelope = {
    version: 4,
    v2momId: 3,
    departments: ['Marketing'],
    actor: { id: 1, name: 'Avery Admin', active: true },
    at: '2026-11-22T10:00:00.000Z',
  };
  const value = {
    id: 12,
    version: 4,
    v2momId: 3,
    description: 'Customers first',
    order: 0,
    updatedAt: '2026-11-22T10:00:00.000Z',
    updatedBy: { id: 1, name: 'Avery Admin', active: true },
  };
  const updated = { ...envelope, entity: 'value', id: 12, operation: 'updated', row: value };
  const deleted = { ...envelope, entity: 'task', id: 5, operation: 'deleted', v2momId: null };

  it('carries a created or updated row in its entity\'s read shape', () => {
    const parsed = ZEntityChangedEventSchema.parse(updated);
    expect(parsed).toEqual(updated);
    expect(ZEntityChangedEventSchema.safeParse({ ...updated, operation: 'created' }).success).toBe(true);
  });

  it('rejects a created or updated event without its row, or with another entity\'s row', () => {
    const { row: _row, ...withoutRow } = updated;
    expect(ZEntityChangedEventSchema.safeParse(withoutRow).success).toBe(false);
    expect(ZEntityChangedEventSchema.safeParse({ ...updated, entity: 'obstacle' }).success).toBe(false);
  });

  it('carries no row for a deletion', () => {
    expect(ZEntityChangedEventSchema.parse(deleted)).toEqual(deleted);
    expect(ZEntityChangedEventSchema.parse({ ...deleted, row: value })).not.toHaveProperty('row');
  });

  it('rejects an unknown entity or operation', () => {
    expect(ZEntityChangedEventSchema.safeParse({ ...deleted, entity: 'planet' }).success).toBe(false);
    expect(ZEntityChangedEventSchema.safeParse({ ...deleted, operation: 'renamed' }).success).toBe(false);
  });
});

describe('commands', () => {
  it('accept exactly their fields', () => {
    expect(ZJoinV2momCommandSchema.parse({ v2momId: 3, mode: 'editing' })).toEqual({ v2momId: 3, mode: 'editing' });
    expect(ZJoinV2momCommandSchema.safeParse({ v2momId: 3, mode: 'editing', userId: 1 }).success).toBe(false);
    expect(ZJoinV2momCommandSchema.safeParse({ v2momId: 3, mode: 'owning' }).success).toBe(false);
    expect(ZLeaveV2momCommandSchema.safeParse({ v2momId: 0 }).success).toBe(false);
    expect(ZFocusItemCommandSchema.parse({ v2momId: 3, item: null }).item).toBeNull();
  });

  it('bound the focused item key', () => {
    const item = (key: string) => ({ v2momId: 3, item: { entity: 'value', key } });
    expect(ZFocusItemCommandSchema.safeParse(item('k'.repeat(64))).success).toBe(true);
    expect(ZFocusItemCommandSchema.safeParse(item('k'.repeat(65))).success).toBe(false);
    expect(ZFocusItemCommandSchema.safeParse(item('')).success).toBe(false);
  });

  it('carry the focused field when there is one, bounded like the key', () => {
    const field = (name: string) => ({ v2momId: 3, item: { entity: 'method', key: 'method-4', field: name } });
    expect(ZFocusItemCommandSchema.parse(field('measure')).item).toEqual({ entity: 'method', key: 'method-4', field: 'measure' });
    expect(ZFocusItemCommandSchema.safeParse(field('f'.repeat(65))).success).toBe(false);
    expect(ZFocusItemCommandSchema.safeParse(field('')).success).toBe(false);
  });

  it('refuse a key or field that holds a control character or a line break, as every text does', () => {
    for (const text of ['method\u00014', 'method\n4', 'method\uffff']) {
      expect(ZFocusItemCommandSchema.safeParse({ v2momId: 3, item: { entity: 'method', key: text } }).success, JSON.stringify(text)).toBe(false);
      expect(ZFocusItemCommandSchema.safeParse({ v2momId: 3, item: { entity: 'method', key: 'method-4', field: text } }).success, JSON.stringify(text)).toBe(false);
    }
  });
});

describe('presence and heartbeat', () => {
  it('parse what the server sends', () => {
    const member = { userId: 2, name: 'Morgan Diaz', avatarUrl: null, mode: 'viewing', item: null };
    expect(ZPresenceEventSchema.parse({ v2momId: 3, members: [member] }).members).toEqual([member]);
    expect(ZHeartbeatEventSchema.safeParse({ at: 'yesterday' }).success).toBe(false);
  });
});
