import { QUARTER_RESULTS, QUARTERS } from '@v2mom/contracts';
import { rowTrigger, statementTrigger } from '../methods/method-tally.triggers.js';

/**
 * The triggers that keep the quarter scorecard's counts (scorecard-tally.entity.ts). Whatever a
 * write changes, the rows it touches are counted as they were, minus once, and as they are, once:
 * a method created, reassigned to another owner or V2MOM, or deleted; a review saved, changed or
 * reopened; a person moved to another department (their methods, and the methods with no owner of
 * the V2MOMs they own); a V2MOM given another owner or year, approved or back to a draft never
 * approved. What a deletion takes with it is counted off before the row goes, while what it is
 * counted by is still there: a V2MOM's methods with their reviews by the V2MOM's trigger, a
 * method's reviews by the method's; the cascades that follow find their parent gone and count
 * nothing. A person deleted takes their methods off their department, and the owner set to none
 * puts them in their V2MOM owner's. Writes that change none of the counted columns (a check-in, a
 * sign-in) fire none of the row triggers.
 */

const SHARDS = 16;
const NOT_REVIEWED = 'not_reviewed';
const COLUMNS = [...QUARTER_RESULTS, NOT_REVIEWED] as const;
const KEYS = ['year', 'quarter', 'department_id'] as const;
const keyList = KEYS.map((key) => `"${key}"`).join(', ');
const columnList = COLUMNS.map((column) => `"${column}"`).join(', ');
const inColumn = (column: (typeof COLUMNS)[number]) => (column === NOT_REVIEWED ? `"c"."result" is null` : `"c"."result" = '${column}'`);
const sumOf = (column: (typeof COLUMNS)[number]) => `coalesce(sum("c"."sign") filter (where ${inColumn(column)}), 0)`;

/** Adds `counted` (`sign`, `year`, `quarter`, `department_id`, `result`: null when not reviewed) to this connection's rows, in key order. */
const addCounts = (counted: string) =>
  `insert into "scorecard_tally" as "t" (${keyList}, "shard", ${columnList}) ` +
  `select ${KEYS.map((key) => `"c"."${key}"`).join(', ')}, pg_backend_pid() % ${SHARDS}, ${COLUMNS.map(sumOf).join(', ')} from (${counted}) as "c" ` +
  `group by ${KEYS.map((key) => `"c"."${key}"`).join(', ')} having ${COLUMNS.map((column) => `${sumOf(column)} <> 0`).join(' or ')} ` +
  `order by ${KEYS.map((key) => `"c"."${key}"`).join(', ')} ` +
  `on conflict (${keyList}, "shard") do update set ${COLUMNS.map((column) => `"${column}" = "t"."${column}" + excluded."${column}"`).join(', ')};`;

/** A V2MOM `v` everyone reads: not a person's draft never approved (`publishedToAll`, v2moms/v2mom-visibility.ts). */
const PUBLISHED = `("v"."approval" is null or "v"."approved_at" is not null)`;

/** A trigger's `record` (old or new) as a one-row table of `columns`. */
const rowOf = (record: 'old' | 'new', columns: readonly string[]) => `(select ${columns.map((column) => `${record}."${column}" as "${column}"`).join(', ')})`;
const METHOD_COLUMNS = ['id', 'v2mom_id', 'owner_id'] as const;
const V2MOM_COLUMNS = ['id', 'year', 'owner_id', 'approval', 'approved_at'] as const;
const PERSON_COLUMNS = ['id', 'department_id'] as const;

interface Counted {
  /** The methods counted (`id`, `v2mom_id`, `owner_id`). */
  methods: string;
  /** Their V2MOMs, the table unless one of them is counted as it was or is. */
  v2moms?: string;
  /** The people whose department a method counts in, likewise. */
  people?: string;
}

/** A method `m`'s review of the quarter `q` of its V2MOM `v`'s year: one look-up by its unique key, planned alone. */
const REVIEW_RESULT = `(select "r"."result" from "quarter_review" as "r" where "r"."method_id" = "m"."id" and "r"."year" = "v"."year" and "r"."quarter" = "q"."quarter")`;

/** Each of `methods` `sign` times in each quarter of its V2MOM's year, with that quarter's review's result. */
const methodCounts = (sign: number, { methods, v2moms = '"v2mom"', people = '"user"' }: Counted) =>
  `select ${sign} as "sign", "v"."year", "q"."quarter", "u"."department_id", ${REVIEW_RESULT} as "result" from ${methods} as "m" ` +
  `join ${v2moms} as "v" on "v"."id" = "m"."v2mom_id" and ${PUBLISHED} ` +
  `join ${people} as "u" on "u"."id" = coalesce("m"."owner_id", "v"."owner_id") ` +
  `cross join (values ${QUARTERS.map((quarter) => `('${quarter}')`).join(', ')}) as "q"("quarter")`;

/** Each review of `reviews` `sign` times in its result and minus `sign` times in the not reviewed, when its method counts in the review's year. */
const reviewCounts = (sign: number, reviews: string) =>
  `select ${sign} * "s"."sign" as "sign", "v"."year", "r"."quarter", "u"."department_id", case when "s"."sign" = 1 then "r"."result" end as "result" ` +
  `from "${reviews}" as "r" join "method" as "m" on "m"."id" = "r"."method_id" ` +
  `join "v2mom" as "v" on "v"."id" = "m"."v2mom_id" and "v"."year" = "r"."year" and ${PUBLISHED} ` +
  `join "user" as "u" on "u"."id" = coalesce("m"."owner_id", "v"."owner_id") ` +
  `cross join (values (1), (-1)) as "s"("sign")`;

/** The methods counted in the department of the person `id`: theirs, and those with no owner of the V2MOMs they own. */
const methodsCountedBy = (id: string) =>
  `(select "om"."id", "om"."v2mom_id", "om"."owner_id" from "method" as "om" where "om"."owner_id" = ${id} ` +
  `union all select "om"."id", "om"."v2mom_id", "om"."owner_id" from "method" as "om" join "v2mom" as "ov" on "ov"."id" = "om"."v2mom_id" where "om"."owner_id" is null and "ov"."owner_id" = ${id})`;

/** The methods of the V2MOM `id`. */
const methodsOf = (id: string) => `(select "vm"."id", "vm"."v2mom_id", "vm"."owner_id" from "method" as "vm" where "vm"."v2mom_id" = ${id})`;

/** A row trigger of `table` that adds `counted` to the tally (methods/method-tally.triggers.ts' `rowTrigger`). */
const countingTrigger = (table: string, name: string, counted: string, update?: { columns: readonly string[]; changed: string }) => rowTrigger(table, name, addCounts(counted), update);

/** Whether `columns` of the row differ between old and new. */
const changed = (columns: readonly string[]) => columns.map((column) => `old."${column}" is distinct from new."${column}"`).join(' or ');

/** Counts `counted` as `old` minus once and as `new` once. */
const moved = (counted: (record: 'old' | 'new') => Counted) => `${methodCounts(-1, counted('old'))} union all ${methodCounts(1, counted('new'))}`;

/** The method table's: a new method counts (a statement's all at once), a reassigned one moves, a deleted one goes with its reviews. */
export const scorecardTallyMethodTriggers = [
  statementTrigger('method', 'scorecard_tally_insert', 'insert', 'new table as "new_rows"', addCounts(methodCounts(1, { methods: '"new_rows"' }))),
  countingTrigger('method', 'scorecard_tally_reassign', moved((record) => ({ methods: rowOf(record, METHOD_COLUMNS) })), {
    columns: ['owner_id', 'v2mom_id'],
    changed: changed(['owner_id', 'v2mom_id']),
  }),
  countingTrigger('method', 'scorecard_tally_remove', methodCounts(-1, { methods: rowOf('old', METHOD_COLUMNS) })),
];

/** The quarter review table's: a review moves its method's count of its quarter from not reviewed to its result, and back when it goes. */
export const scorecardTallyReviewTriggers = [
  statementTrigger('quarter_review', 'scorecard_tally_insert', 'insert', 'new table as "new_rows"', addCounts(reviewCounts(1, 'new_rows'))),
  statementTrigger('quarter_review', 'scorecard_tally_update', 'update', 'old table as "old_rows" new table as "new_rows"', addCounts(`${reviewCounts(1, 'new_rows')} union all ${reviewCounts(-1, 'old_rows')}`)),
  statementTrigger('quarter_review', 'scorecard_tally_delete', 'delete', 'old table as "old_rows"', addCounts(reviewCounts(-1, 'old_rows'))),
];

/** Whether a V2MOM row changes its year, owner or whether everyone reads it. */
const v2momChanged = `${changed(['year', 'owner_id'])} or (old."approval" is null or old."approved_at" is not null) <> (new."approval" is null or new."approved_at" is not null)`;

/** The V2MOM table's: a V2MOM's methods move with its year, owner and approval, and go with it. */
export const scorecardTallyV2momTriggers = [
  countingTrigger('v2mom', 'scorecard_tally_change', moved((record) => ({ methods: methodsOf('new."id"'), v2moms: rowOf(record, V2MOM_COLUMNS) })), {
    columns: ['year', 'owner_id', 'approval', 'approved_at'],
    changed: v2momChanged,
  }),
  countingTrigger('v2mom', 'scorecard_tally_remove', methodCounts(-1, { methods: methodsOf('old."id"') })),
];

/** The user table's: a person's methods move with their department; a person deleted takes them off it. */
export const scorecardTallyUserTriggers = [
  countingTrigger('user', 'scorecard_tally_move', moved((record) => ({ methods: methodsCountedBy('new."id"'), people: rowOf(record, PERSON_COLUMNS) })), {
    columns: ['department_id'],
    changed: changed(['department_id']),
  }),
  countingTrigger('user', 'scorecard_tally_remove', methodCounts(-1, { methods: methodsCountedBy('old."id"') })),
];
