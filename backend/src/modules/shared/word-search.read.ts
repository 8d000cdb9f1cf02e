import { WORK_STATUSES, type TWorkStatus } from '@v2mom/contracts';
import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import { holdsWord, isAnyOf, searchText } from '../../db/search.js';
import { METHOD_SEARCH_COLUMNS } from '../methods/method.entity.js';
import type { ReadDb } from '../read-db.js';

/**
 * The lookups a list's search by words makes in the rows its own rows point at
 * (docs/PRODUCT.md#paged-lists): each selects the ids of the rows that hold a word from a trigram
 * index (db/search.ts), so a list asks `= any(array(…))` of its foreign key, which that key's index
 * answers, rather than reading every row to join and look.
 */

const eb = expressionBuilder<ReadDb, never>();

/** The V2MOMs whose title holds `word` (`v2mom_title_search_index`). */
export const v2momsTitled = (word: string) => eb.selectFrom('v2mom').select('id').where((row) => holdsWord(searchText([row.ref('title')]), word));

/** The people whose name holds `word` (`user_name_search_index`). */
export const peopleNamed = (word: string) => eb.selectFrom('user').select('id').where((row) => holdsWord(searchText([row.ref('name')]), word));

/** The departments whose name holds `word`: a few hundred rows at most, read whole. */
const departmentsNamed = (word: string) => eb.selectFrom('department').select('id').where((row) => holdsWord(searchText([row.ref('name')]), word));

/**
 * The methods whose description holds `word`: found from the methods' whole text (the index), then
 * the description alone checked on those few.
 */
export const methodsDescribed = (word: string) =>
  eb
    .selectFrom('method')
    .select('id')
    .where((row) => holdsWord(searchText(METHOD_SEARCH_COLUMNS.map((column) => row.ref(column))), word))
    .where((row) => holdsWord(searchText([row.ref('description')]), word));

/** The statuses whose words (`in_progress` reads "in progress") hold `word`. */
export const statusesHolding = (word: string): TWorkStatus[] => WORK_STATUSES.filter((status) => status.replace('_', ' ').includes(word));

/**
 * A person holds `word` (contracts' `userSearchText` and Team Progress's search): in their name, in
 * their username where the list searches it (`user_username_search_index`), or in their
 * department's name.
 */
export function personHoldsWord(person: { name: Expression<string>; username?: Expression<string>; departmentId: Expression<number> }, word: string): Expression<SqlBool> {
  return eb.or([
    holdsWord(searchText([person.name]), word),
    ...(person.username ? [holdsWord(searchText([person.username]), word)] : []),
    isAnyOf(person.departmentId, departmentsNamed(word)),
  ]);
}
