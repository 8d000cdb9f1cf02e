import type { TMethodListItem, TStartNextYear, TV2momComplete, TYearEndChoice } from '@v2mom/contracts';

/**
 * What the Start next year dialog holds (docs/PRODUCT.md#next-year): a choice for each method
 * that is not completed, and the values as they will be copied.
 */

export interface MethodChoice {
  choice: TYearEndChoice;
  keepProgress: boolean;
  /** Who owns the carried copy, when someone other than the method's owner. */
  ownerId: number | undefined;
}

export interface ValueDraft {
  /** Stable across edits, for React's keys. */
  key: string;
  fromId: number | undefined;
  description: string;
}

/** The methods a choice is asked for: completed ones stay in their year. */
export function openMethods(document: TV2momComplete): TMethodListItem[] {
  return document.methods.filter((method) => method.status !== 'completed');
}

export function initialChoices(methods: readonly TMethodListItem[]): Record<number, MethodChoice> {
  return Object.fromEntries(methods.map((method) => [method.id, { choice: 'carry', keepProgress: false, ownerId: undefined }]));
}

/** Every method given the same choice; what was ticked or picked per row stays. */
export function chooseAll(choices: Record<number, MethodChoice>, choice: TYearEndChoice): Record<number, MethodChoice> {
  return Object.fromEntries(Object.entries(choices).map(([id, row]) => [id, { ...row, choice }]));
}

/** A carried method whose owner is deactivated and for whom nobody active is named yet. */
export function needsNewOwner(method: TMethodListItem, row: MethodChoice | undefined): boolean {
  return row?.choice === 'carry' && method.owner !== null && !method.owner.active && row.ownerId === undefined;
}

export function initialValues(document: TV2momComplete): ValueDraft[] {
  return document.values.map((value) => ({ key: `value-${value.id}`, fromId: value.id, description: value.description }));
}

export function nextYearRequest(
  document: TV2momComplete,
  { vision, values, choices, intoV2momId }: { vision: string; values: readonly ValueDraft[]; choices: Record<number, MethodChoice>; intoV2momId: number | undefined },
): TStartNextYear {
  return {
    year: document.year + 1,
    vision,
    ...(intoV2momId === undefined ? {} : { intoV2momId }),
    values: values
      .filter((value) => value.description.trim() !== '')
      .map((value) => ({ ...(value.fromId === undefined ? {} : { fromId: value.fromId }), description: value.description.trim() })),
    methods: openMethods(document).map((method) => {
      const row = choices[method.id] ?? { choice: 'carry', keepProgress: false, ownerId: undefined };
      return {
        methodId: method.id,
        choice: row.choice,
        ...(row.choice === 'carry' && row.keepProgress ? { keepProgress: true } : {}),
        ...(row.choice === 'carry' && row.ownerId !== undefined ? { ownerId: row.ownerId } : {}),
      };
    }),
  };
}
