import type { EntityManager } from '@mikro-orm/core';
import type { MeetingDigestData } from '../email/templates/email-messages.js';
import { selectRows } from '../read-db.js';
import { groupBy } from '../shared/read-rows.js';
import { checkInReminderPost, meetingDigestPost } from './chat-post-texts.js';
import { queueChatPosts, type ScopedMessage } from './queue-chat-posts.js';

/**
 * The rhythm's posts to Slack and Teams (docs/PRODUCT.md#slack-and-teams), written in its run's
 * transaction: the company's channels hear of everyone, each department's of its own.
 */

/** Departments' names by id: one statement. */
async function departmentNames(em: EntityManager): Promise<Map<number, string>> {
  const rows = await selectRows(em, (db) => db.selectFrom('department').select(['id', 'name']));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A method still to be checked in, with its owner. */
export interface DueMethod {
  id: number;
  owner_id: number;
  owner_name: string;
  owner_department_id: number;
}

/** At a check-in time: who still has methods to check in, per department (theirs) and for the company. */
export async function queueCheckInReminderPosts(em: EntityManager, since: string, due: readonly DueMethod[]): Promise<number> {
  if (due.length === 0) return 0;
  const people = [...groupBy(due, (row) => row.owner_id).values()].map((methods) => ({
    name: methods[0]!.owner_name,
    departmentId: methods[0]!.owner_department_id,
    methods,
  }));
  const names = await departmentNames(em);
  const messages: ScopedMessage[] = [
    { departmentId: null, message: checkInReminderPost({ department: null, since, people }) },
    ...[...groupBy(people, (person) => person.departmentId)].map(([departmentId, ofDepartment]) => ({
      departmentId,
      message: checkInReminderPost({ department: names.get(departmentId) ?? '', since, people: ofDepartment }),
    })),
  ];
  return queueChatPosts(em, 'check_in_reminder', messages);
}

/** The day before the meeting: the digest for the company, and each department's share of it. */
export async function queueMeetingDigestPosts(em: EntityManager, digest: MeetingDigestData): Promise<number> {
  const methodIds = [...digest.statusChanges, ...digest.stale].map((method) => method.id);
  const v2momIds = digest.newObstacles.map((obstacle) => obstacle.v2mom.id);
  // An item's department is its V2MOM's owner's.
  const methodDepartments = methodIds.length === 0 ? [] : await selectRows(em, (db) =>
    db.selectFrom('method as m').innerJoin('v2mom as v', 'v.id', 'm.v2mom_id').innerJoin('user as u', 'u.id', 'v.owner_id').select(['m.id', 'u.department_id']).where('m.id', 'in', methodIds),
  );
  const v2momDepartments = v2momIds.length === 0 ? [] : await selectRows(em, (db) =>
    db.selectFrom('v2mom as v').innerJoin('user as u', 'u.id', 'v.owner_id').select(['v.id', 'u.department_id']).where('v.id', 'in', v2momIds),
  );
  const ofMethod = new Map(methodDepartments.map((row) => [row.id, row.department_id]));
  const ofV2mom = new Map(v2momDepartments.map((row) => [row.id, row.department_id]));
  const facts = (departmentId: number | null, department: string | null) => ({
    department,
    meetingDay: digest.meetingDay,
    checkedIn: digest.checkedIn,
    atRisk: digest.statusChanges.filter((method) => departmentId === null || ofMethod.get(method.id) === departmentId),
    stale: digest.stale.filter((method) => departmentId === null || ofMethod.get(method.id) === departmentId),
    newObstacles: digest.newObstacles.filter((obstacle) => departmentId === null || ofV2mom.get(obstacle.v2mom.id) === departmentId),
  });
  const names = await departmentNames(em);
  return queueChatPosts(em, 'meeting_digest', [
    { departmentId: null, message: meetingDigestPost(facts(null, null)) },
    ...[...names].map(([id, name]) => ({ departmentId: id, message: meetingDigestPost(facts(id, name)) })),
  ]);
}
