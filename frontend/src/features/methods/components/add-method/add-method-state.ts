import { METHOD_FIELD_NAMES, newMethodDraft, storedMethodField, storedMethodFields, type TCreateMethod, type TMethodDraft } from '@v2mom/contracts';
import { clock } from '../../../../lib/clock';

/** One obstacle row of the form; `key` keeps React's rows apart as rows come and go. */
export interface ObstacleDraft {
  key: number;
  description: string;
}

/** A new method as every editor holds one, plus what only Add Method asks for. */
export type AddMethodDraft = TMethodDraft & {
  /** null until a V2MOM is chosen. */
  v2momId: number | null;
  obstacles: ObstacleDraft[];
};

export function emptyDraft(ownerId: number, today: Date = clock.now()): AddMethodDraft {
  return { ...newMethodDraft(today, ownerId), v2momId: null, obstacles: [{ key: 0, description: '' }] };
}
/** A new empty obstacle row at the end. */
export function addObstacle(obstacles: readonly ObstacleDraft[]): ObstacleDraft[] {
  const key = obstacles.reduce((max, obstacle) => Math.max(max, obstacle.key), -1) + 1;
  return [...obstacles, { key, description: '' }];
}

/** The list always keeps one row: removing is offered only while there are more. */
export function canRemoveObstacle(obstacles: readonly ObstacleDraft[]): boolean {
  return obstacles.length > 1;
}

export function removeObstacle(obstacles: readonly ObstacleDraft[], key: number): ObstacleDraft[] {
  return canRemoveObstacle(obstacles) ? obstacles.filter((obstacle) => obstacle.key !== key) : [...obstacles];
}

/** A V2MOM and a non-blank description are required (docs/PRODUCT.md#add-method). */
export function hasRequiredFields(draft: AddMethodDraft): draft is AddMethodDraft & { v2momId: number } {
  return draft.v2momId !== null && storedMethodField('description', draft.description) !== '';
}

/** The POST body: the method as stored, blank obstacles skipped, each obstacle owned as the method. */
export function toCreateMethodInput({ v2momId, obstacles, ...draft }: AddMethodDraft & { v2momId: number }): TCreateMethod {
  return {
    v2momId,
    ...storedMethodFields(draft, METHOD_FIELD_NAMES),
    obstacles: obstacles.flatMap((obstacle) => (obstacle.description.trim() === '' ? [] : [{ description: obstacle.description.trim() }])),
  };
}
