import { describe, expect, it } from 'vitest';
import {
  LIVE_EVENTS,
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
  const event = {
    entity: 'method',
    id: 12,
    operation: 'updated',
    version: 4,
    v2momId: 3,
    departments: ['Marketing'],
    actor: { id: 1, name: 'Avery Admin' },
    at: '2026-11-22T10:00:00.000Z',
  };

  it('carries what a screen needs to decide whether to refetch', () => {
    expect(ZEntityChangedEventSchema.parse(event)).toEqual(event);
    expect(ZEntityChangedEventSchema.parse({ ...event, entity: 'task', v2momId: null }).v2momId).toBeNull();
  });

  it('rejects an unknown entity or operation', () => {
    expect(ZEntityChangedEventSchema.safeParse({ ...event, entity: 'planet' }).success).toBe(false);
    expect(ZEntityChangedEventSchema.safeParse({ ...event, operation: 'renamed' }).success).toBe(false);
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
});

describe('presence and heartbeat', () => {
  it('parse what the server sends', () => {
    const member = { userId: 2, name: 'Morgan Diaz', avatarUrl: null, mode: 'viewing', item: null };
    expect(ZPresenceEventSchema.parse({ v2momId: 3, members: [member] }).members).toEqual([member]);
    expect(ZHeartbeatEventSchema.safeParse({ at: 'yesterday' }).success).toBe(false);
  });
});
