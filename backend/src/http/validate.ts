import type { z } from 'zod';
import { AppError } from './app-error.js';

/**
 * Parses `input` (a body, params or query) with a contracts schema; a mismatch becomes a 400
 * whose `fieldErrors` name each offending field.
 */
export function validate<Schema extends z.ZodType>(
  schema: Schema,
  input: unknown,
  message = 'Please check the highlighted fields',
): z.output<Schema> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || '_';
    (fieldErrors[field] ??= []).push(issue.message);
  }
  throw new AppError('bad_request', message, { fieldErrors });
}
