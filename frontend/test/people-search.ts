import { adminUserMatches, userMatches, ZAdminUserPageQuerySchema, type TAdminUser, type TUserListItem } from '@v2mom/contracts';
import type { ApiHandler } from './render-app';

/** GET /api/users/search over `people`: the rows its query holds, as contracts say (one page). */
export function peopleSearch(people: readonly TUserListItem[]): ApiHandler<'GET /api/users/search'> {
  return (request) => {
    const params = new URLSearchParams(request.search);
    const flag = (name: string) => (params.has(name) ? params.get(name) === 'true' : undefined);
    const filter = {
      q: params.get('q') ?? undefined,
      active: flag('active'),
      structureContact: flag('structureContact'),
      ids: params.get('ids')?.split(',').map(Number),
    };
    return { status: 200, body: { rows: people.filter((person) => userMatches(person, filter)), nextCursor: null } };
  };
}

/** GET /api/admin/users over `people`: the People table's rows its query holds, as contracts say (one page). */
export function peoplePages(people: () => readonly TAdminUser[]): ApiHandler<'GET /api/admin/users'> {
  return (request) => {
    const filter = ZAdminUserPageQuerySchema.parse(Object.fromEntries(new URLSearchParams(request.search)));
    return { status: 200, body: { rows: people().filter((person) => adminUserMatches(person, filter)), nextCursor: null } };
  };
}
