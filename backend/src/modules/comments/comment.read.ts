import type { EntityManager } from '@mikro-orm/core';
import { mentionedIds, type TComment, type TCommentCounts, type TThread, type TThreadSubject, type TUserRef, type TV2momCommentCounts } from '@v2mom/contracts';
import { selectRows } from '../read-db.js';
import { hiddenFrom, type Viewer } from '../v2moms/v2mom-visibility.js';
import { groupBy, isoTimestamp, joined } from '../shared/read-rows.js';

/**
 * Comments and threads as the API answers them (docs/PRODUCT.md#comments): people named as they
 * are now, a deleted comment without its text, author or mentions.
 */

/** Mentions in the order the text names them. */
function inTextOrder(text: string, people: readonly TUserRef[]): TUserRef[] {
  const byId = new Map(people.map((person) => [person.id, person]));
  return mentionedIds(text).flatMap((id) => byId.get(id) ?? []);
}

/** The comments with these ids, each reply right after the comment it answers, oldest first. */
export async function readComments(em: EntityManager, ids: readonly number[]): Promise<TComment[]> {
  if (ids.length === 0) return [];
  const [rows, mentionRows] = await Promise.all([
    selectRows(em, (db) =>
      db
        .selectFrom('comment as c')
        .innerJoin('thread as t', 't.id', 'c.thread_id')
        .leftJoin('user as u', 'u.id', 'c.author_id')
        .select((eb) => [
          'c.id',
          'c.version',
          'c.parent_id',
          'c.text',
          't.subject',
          't.subject_id',
          't.v2mom_id',
          'u.id as author_id',
          'u.name as author_name',
          'u.active as author_active',
          isoTimestamp(eb.ref('c.created_at')).as('created_at'),
          isoTimestamp(eb.ref('c.edited_at')).as('edited_at'),
          isoTimestamp(eb.ref('c.deleted_at')).as('deleted_at'),
          eb.selectFrom('comment as r').select((inner) => inner.fn.countAll<string>().as('count')).whereRef('r.parent_id', '=', 'c.id').as('reply_count'),
        ])
        .where('c.id', 'in', ids)
        .orderBy((eb) => eb.fn.coalesce('c.parent_id', 'c.id'))
        .orderBy('c.id'),
    ),
    selectRows(em, (db) =>
      db
        .selectFrom('comment_mention as m')
        .innerJoin('user as u', 'u.id', 'm.user_id')
        .select(['m.comment_id', 'u.id', 'u.name', 'u.active'])
        .where('m.comment_id', 'in', ids),
    ),
  ]);
  const mentions = groupBy(mentionRows, (row) => row.comment_id);
  return rows.map((row) => {
    const deleted = row.deleted_at !== null;
    const people = (mentions.get(row.id) ?? []).map(({ id, name, active }) => ({ id, name, active }));
    return {
      id: row.id,
      subject: row.subject,
      subjectId: row.subject_id,
      v2momId: row.v2mom_id,
      parentId: row.parent_id,
      author: deleted ? null : joined({ id: row.author_id, name: row.author_name, active: row.author_active }),
      text: deleted ? null : row.text,
      mentions: deleted || row.text === null ? [] : inTextOrder(row.text, people),
      createdAt: row.created_at,
      editedAt: row.edited_at,
      deleted,
      version: row.version,
      replyCount: Number(row.reply_count ?? 0),
    };
  });
}

/** A thread's head; a thread nobody has commented on yet reads as empty and open. */
export async function readThread(em: EntityManager, subject: TThreadSubject, subjectId: number, v2momId: number): Promise<TThread> {
  return (await readThreadRow(em, subject, subjectId, v2momId)).thread;
}

/** A thread's head and its id, `undefined` before its first comment made it. */
export async function readThreadRow(em: EntityManager, subject: TThreadSubject, subjectId: number, v2momId: number): Promise<{ id: number | undefined; thread: TThread }> {
  const [row] = await selectRows(em, (db) =>
    db
      .selectFrom('thread as t')
      .leftJoin('user as r', 'r.id', 't.resolved_by_id')
      .select((eb) => [
        't.id',
        isoTimestamp(eb.ref('t.resolved_at')).as('resolved_at'),
        'r.id as resolved_by_id',
        'r.name as resolved_by_name',
        'r.active as resolved_by_active',
        eb.selectFrom('comment as c').select((inner) => inner.fn.countAll<string>().as('count')).whereRef('c.thread_id', '=', 't.id').as('comment_count'),
      ])
      .where('t.subject', '=', subject)
      .where('t.subject_id', '=', subjectId),
  );
  return {
    id: row?.id,
    thread: {
      subject,
      subjectId,
      v2momId,
      commentCount: Number(row?.comment_count ?? 0),
      resolvedAt: row?.resolved_at ?? null,
      resolvedBy: row ? joined({ id: row.resolved_by_id, name: row.resolved_by_name, active: row.resolved_by_active }) : null,
    },
  };
}

/**
 * How many comments each thread the viewer reads holds, in one statement: every V2MOM's, or one
 * V2MOM's. Threads without a comment are absent, so the answer grows with the conversations, not
 * the organisation. An obstacle joined to a shared one counts the shared obstacle's thread, which
 * is its own (docs/PRODUCT.md#shared-obstacles). The threads of drafts the viewer may not read are
 * left out (docs/PRODUCT.md#approval): a look-up of the few unpublished V2MOMs, not a join of all.
 */
export async function readCommentCounts(em: EntityManager, viewer: Viewer, v2momId?: number): Promise<TCommentCounts> {
  const rows = await selectRows(em, (db) => {
    const hidden = db.selectFrom('v2mom as v').select('v.id').where(hiddenFrom(viewer));
    let query = db
      .selectFrom('thread as t')
      .innerJoin('comment as c', 'c.thread_id', 't.id')
      .select((eb) => ['t.subject', 't.subject_id', eb.fn.countAll<string>().as('count')])
      .where('t.v2mom_id', 'not in', hidden)
      .groupBy(['t.subject', 't.subject_id']);
    let joined = db
      .selectFrom('obstacle as j')
      .innerJoin('thread as t', (join) => join.on('t.subject', '=', 'obstacle').onRef('t.subject_id', '=', 'j.joined_to_id'))
      .innerJoin('comment as c', 'c.thread_id', 't.id')
      .select((eb) => ['t.subject', 'j.id as subject_id', eb.fn.countAll<string>().as('count')])
      .where('t.v2mom_id', 'not in', hidden)
      .where('j.v2mom_id', 'not in', hidden)
      .groupBy(['t.subject', 'j.id']);
    if (v2momId !== undefined) {
      query = query.where('t.v2mom_id', '=', v2momId);
      joined = joined.where('j.v2mom_id', '=', v2momId);
    }
    return query.unionAll(joined);
  });
  const counts: TCommentCounts = { v2moms: {}, methods: {}, obstacles: {} };
  const fields = { v2mom: counts.v2moms, method: counts.methods, obstacle: counts.obstacles } as const;
  for (const row of rows) fields[row.subject][row.subject_id] = Number(row.count);
  return counts;
}

/** Each thread of one V2MOM with its number of comments: the V2MOM's own as a number, its items' by id. */
export async function readV2momCommentCounts(em: EntityManager, viewer: Viewer, v2momId: number): Promise<TV2momCommentCounts> {
  const { v2moms, methods, obstacles } = await readCommentCounts(em, viewer, v2momId);
  return { v2mom: v2moms[v2momId] ?? 0, methods, obstacles };
}
