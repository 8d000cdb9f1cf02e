import type { EntityManager } from '@mikro-orm/core';
import { AppError } from '../../http/app-error.js';
import { User } from '../users/user.entity.js';

/**
 * 400 naming the body field whose id names nothing usable. An unknown id in the URL is a 404;
 * in a body it is a mistake in the form, so the client highlights the field like any other.
 */
export function invalidReference(field: string, message: string): AppError {
  return new AppError('bad_request', 'Please check the highlighted fields', { fieldErrors: { [field]: [message] } });
}

/** The user a body names as owner, with the department the read shapes and changes need. */
export async function referencedUser(em: EntityManager, id: number, field: string): Promise<User> {
  const user = await em.findOne(User, id, { populate: ['department'] });
  if (!user) throw invalidReference(field, 'No such user');
  return user;
}

/** Distinct department names of the given users (their departments must be loaded). */
export function departmentsOf(...users: ReadonlyArray<User | null | undefined>): string[] {
  return [...new Set(users.flatMap((user) => (user ? [user.department.getEntity().name] : [])))];
}
