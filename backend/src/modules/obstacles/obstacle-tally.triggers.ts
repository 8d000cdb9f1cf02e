import { statementTrigger } from '../methods/method-tally.triggers.js';

/** Each listed obstacle (joined to none) of the transition table `table`, `sign` times. */
const listed = (sign: number, table: string) => `select ${sign} as "sign" from "${table}" where "joined_to_id" is null`;

/** Adds the change `rows` make to the writing connection's row; nothing when nothing changed (an edit of its text). */
const addChange = (rows: string) =>
  `insert into "obstacle_tally" as "t" ("shard", "listed") select pg_backend_pid() % 256, sum("sign") from (${rows}) as "change" ` +
  `having coalesce(sum("sign"), 0) <> 0 on conflict ("shard") do update set "listed" = "t"."listed" + excluded."listed";`;

const tallyTrigger = (event: 'insert' | 'update' | 'delete', referencing: string, rows: string) =>
  statementTrigger('obstacle', `obstacle_tally_${event}`, event, referencing, addChange(rows));

/**
 * The obstacle table's triggers that keep the tally (obstacle-tally.entity.ts): a statement's
 * inserted obstacles count once, its deleted ones minus once (a V2MOM's deletion takes its obstacles
 * through the same trigger), its updated ones both (joined to a shared one, left, or freed when the
 * shared one goes).
 */
export const obstacleTallyTriggers = [
  tallyTrigger('insert', 'new table as "new_rows"', listed(1, 'new_rows')),
  tallyTrigger('update', 'old table as "old_rows" new table as "new_rows"', `${listed(1, 'new_rows')} union all ${listed(-1, 'old_rows')}`),
  tallyTrigger('delete', 'old table as "old_rows"', listed(-1, 'old_rows')),
];
