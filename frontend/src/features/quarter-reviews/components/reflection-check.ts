import { ZSaveQuarterReviewSchema } from '@v2mom/contracts';

/**
 * What the server would say of a quarter review's reflection, by its own schema: blank (nothing
 * visible), too long, or holding what no text may. A module of its own, loaded with the form's
 * first submit, so that the screens showing the form load zod only then.
 */
export const reflectionProblem = (reflection: string) => ZSaveQuarterReviewSchema.shape.reflection.safeParse(reflection).error?.issues[0]?.message;
