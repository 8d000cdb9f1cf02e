import { QUARTERS, type TCreateMethod, type TMethodStatus, type TQuarterMeasureField } from '@v2mom/contracts';

/** One obstacle row of the form; `key` keeps React's rows apart as rows come and go. */
export interface ObstacleDraft {
  key: number;
  description: string;
}

export interface AddMethodDraft {
  /** '' until a V2MOM is chosen. */
  v2momId: string;
  description: string;
  ownerId: string;
  status: TMethodStatus;
  /** '' for no linked method. */
  linkedMethodId: string;
  measure: string;
  quarterMeasures: Record<TQuarterMeasureField, string>;
  obstacles: ObstacleDraft[];
  update: string;
  activities: string;
  forCooTracking: boolean;
}

export const NONE = '';

export function emptyDraft(ownerId: number): AddMethodDraft {
  return {
    v2momId: NONE,
    description: '',
    ownerId: String(ownerId),
    status: 'not_started',
    linkedMethodId: NONE,
    measure: '',
    quarterMeasures: { q1Measure: '', q2Measure: '', q3Measure: '', q4Measure: '' },
    obstacles: [{ key: 0, description: '' }],
    update: '',
    activities: '',
    forCooTracking: false,
  };
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
export function hasRequiredFields(draft: AddMethodDraft): boolean {
  return draft.v2momId !== NONE && draft.description.trim() !== '';
}

const textOrNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The POST body: blank texts are left empty, blank obstacles skipped, each obstacle owned as the method. */
export function toCreateMethodInput(draft: AddMethodDraft): TCreateMethod {
  const quarterMeasures = Object.fromEntries(
    QUARTERS.map((quarter) => [`${quarter}Measure`, textOrNull(draft.quarterMeasures[`${quarter}Measure`])]),
  ) as Record<TQuarterMeasureField, string | null>;
  return {
    v2momId: Number(draft.v2momId),
    description: draft.description.trim(),
    ownerId: Number(draft.ownerId),
    status: draft.status,
    linkedMethodId: draft.linkedMethodId === NONE ? null : Number(draft.linkedMethodId),
    measure: textOrNull(draft.measure),
    ...quarterMeasures,
    update: textOrNull(draft.update),
    activities: textOrNull(draft.activities),
    forCooTracking: draft.forCooTracking,
    obstacles: draft.obstacles.flatMap((obstacle) => (obstacle.description.trim() === '' ? [] : [{ description: obstacle.description.trim() }])),
  };
}
