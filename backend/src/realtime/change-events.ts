import { LIVE_EVENTS, ORG_ROOM, departmentRoom, v2momRoom, type TEntityChangedEvent, type TUserRef } from '@v2mom/contracts';
import type { ChangeSet } from '../modules/shared/change-set.js';
import type { SocketServer } from './live-socket.js';

/** The `entity:changed` events of one committed write, one per changed row. */
function changeEvents(changeSet: ChangeSet, actor: TUserRef, at: Date): TEntityChangedEvent[] {
  const when = at.toISOString();
  return changeSet.changes.map((change) => ({ ...change, departments: changeSet.departments, actor, at: when }));
}

/** The rooms whose screens show the row: its V2MOM's, its departments', and the whole organisation's (lists). */
function changeRooms(event: TEntityChangedEvent): string[] {
  const rooms = [ORG_ROOM, ...event.departments.map(departmentRoom)];
  if (event.v2momId !== null) rooms.push(v2momRoom(event.v2momId));
  return rooms;
}

/**
 * Emits a committed write's events, on every server (through the adapter). One `io.to([...rooms])`
 * per event, so a socket in several of its rooms receives it once. Call only after the commit.
 */
export function publishChanges(io: SocketServer, changeSet: ChangeSet, actor: TUserRef, at = new Date()): void {
  for (const event of changeEvents(changeSet, actor, at)) {
    io.to(changeRooms(event)).emit(LIVE_EVENTS.entityChanged, event);
  }
}
