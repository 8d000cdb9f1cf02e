import type { TUpdatedBy } from './fields.schemas.js';
import { written, type TSentence } from './written-text.js';

/**
 * What 409 bodies name and how messages word them, apart from the schemas (conflict.schemas.ts) so
 * that screens which only word a conflict never load zod for it.
 */

/** Every versioned entity, as named in a 409 body. */
export const ENTITY_NAMES = ['v2mom', 'value', 'method', 'obstacle', 'measure', 'task', 'user', 'department', 'rhythm', 'company', 'quarterReview', 'roomLink'] as const;
export type TEntityName = (typeof ENTITY_NAMES)[number];

/** The entities whose writes the change log keeps (docs/PRODUCT.md#change-log): a V2MOM and its items. */
export const LOGGED_ENTITIES = ['v2mom', 'value', 'method', 'obstacle', 'measure', 'task'] as const satisfies readonly TEntityName[];
export type TLoggedEntity = (typeof LOGGED_ENTITIES)[number];

/** How messages name each entity. */
export const ENTITY_LABELS: Record<TEntityName, string> = {
  v2mom: 'V2MOM',
  value: 'value',
  method: 'method',
  obstacle: 'obstacle',
  measure: 'measure',
  task: 'task',
  user: 'user',
  department: 'department',
  rhythm: 'rhythm',
  company: 'company',
  quarterReview: 'quarter review',
  roomLink: 'meeting-room link',
};

/** Who last changed a row a stale write collided with, as a conflict names it. */
interface TConflictAuthor {
  entity: TEntityName;
  updatedBy: TUpdatedBy;
}

/** One wording for the server's 409 message and the client's notice, the name a written part (docs/PRODUCT.md#user-text). */
export function conflictSentence(conflict: TConflictAuthor): TSentence {
  const who = conflict.updatedBy ? written(conflict.updatedBy.name) : 'Someone else';
  return [who, ` changed this ${ENTITY_LABELS[conflict.entity]} after you opened it. Reload to see their changes.`];
}

/** The same as the server's 409 message says it. */
export function conflictMessage(conflict: TConflictAuthor): string {
  return conflictSentence(conflict)
    .map((part) => (typeof part === 'string' ? part : part.written))
    .join('');
}
