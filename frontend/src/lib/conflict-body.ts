import { ZConflictBodySchema, type TConflict } from '@v2mom/contracts';

/**
 * The check of a 409's body, a module of its own so that it and zod load with the first 409
 * (api-client.ts): no screen's first view needs them.
 */
export function conflictIn(bodyText: string): TConflict | null {
  try {
    const parsed = ZConflictBodySchema.safeParse(JSON.parse(bodyText));
    return parsed.success ? parsed.data.conflict : null;
  } catch {
    return null;
  }
}
