import { sentenceText, written } from '@v2mom/contracts';
import { describe, expect, it } from 'vitest';
import { buildChangedEvent, buildMethod } from '../../../../../test/builders';
import { describeChanges, MeetingChangeLog } from './meeting-changes';

const tracked = buildMethod({ id: 7, v2momId: 10, description: 'Roll out the playbook', forCooTracking: true, q2Goal: 'EMEA live', status: 'in_progress' });

function logHolding(...rows: Parameters<MeetingChangeLog['observe']>[0]) {
  const log = new MeetingChangeLog();
  log.observe(rows);
  return log;
}

describe('MeetingChangeLog', () => {
  it('reports each changed field with the value the page held before and the one that replaced it', () => {
    const log = logHolding(tracked);
    const changes = log.take(buildChangedEvent({ entity: 'method', id: 7, version: 2, row: { ...tracked, version: 2, status: 'at_risk', q2Goal: 'All regions live' } }));
    expect(changes.map(({ field, from, to }) => ({ field, from, to }))).toEqual([
      { field: 'status', from: 'In Progress', to: 'At Risk' },
      { field: 'q2Goal', from: 'EMEA live', to: 'All regions live' },
    ]);
    expect(describeChanges(changes)).toEqual([written('Morgan Diaz'), ' updated the status and the Q2 goal']);
    expect(sentenceText(describeChanges(changes))).toBe('\u2068Morgan Diaz\u2069 updated the status and the Q2 goal');
  });

  it('ignores an event older than what the page holds, and the same event twice', () => {
    const log = logHolding({ ...tracked, version: 3 });
    expect(log.take(buildChangedEvent({ entity: 'method', id: 7, version: 2, row: { ...tracked, version: 2, progress: 90 } }))).toEqual([]);
    const event = buildChangedEvent({ entity: 'method', id: 7, version: 4, row: { ...tracked, version: 4, progress: 90 } });
    expect(log.take(event)).toHaveLength(1);
    expect(log.take(event)).toEqual([]);
  });

  it('reports a method marked for COO tracking as added, unmarked as removed, and says nothing of untracked ones', () => {
    const log = logHolding(tracked);
    const untracked = { ...tracked, id: 8, forCooTracking: false };
    expect(log.take(buildChangedEvent({ entity: 'method', id: 8, version: 2, row: { ...untracked, version: 2 } }))).toEqual([]);
    const added = log.take(buildChangedEvent({ entity: 'method', id: 8, version: 3, row: { ...untracked, version: 3, forCooTracking: true } }));
    expect(added.map((change) => change.kind)).toEqual(['added']);
    const unmarked = log.take(buildChangedEvent({ entity: 'method', id: 8, version: 4, row: { ...untracked, version: 4, progress: 5 } }));
    expect(unmarked.map((change) => change.kind)).toEqual(['removed']);
    // No longer tracked: its later changes are not the meeting's business.
    expect(log.take(buildChangedEvent({ entity: 'method', id: 8, version: 5, row: { ...untracked, version: 5, progress: 9 } }))).toEqual([]);
  });

  it('reports a deleted method it showed as deleted', () => {
    const log = logHolding(tracked);
    const removed = log.take(buildChangedEvent({ entity: 'method', id: 7, operation: 'deleted', version: 1 }));
    expect(removed.map(({ kind, description }) => ({ kind, description }))).toEqual([{ kind: 'deleted', description: 'Roll out the playbook' }]);
    expect(describeChanges(removed)).toEqual([written('Morgan Diaz'), ' deleted the method']);
  });
});
