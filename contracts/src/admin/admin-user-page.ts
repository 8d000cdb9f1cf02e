import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { pageSchema, pagedListQuerySchema, ZFlagParamSchema } from '../common/page.js';
import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { userSearchText } from '../users/user-page.js';
import { ZRoleSchema } from '../users/user.schemas.js';
import { ZAdminUserSchema, type TAdminUser } from './admin.schemas.js';

/**
 * GET /api/admin/users: the People table a page at a time, searched, filtered and sorted by the
 * server (docs/PRODUCT.md#paged-lists). Which people a query holds and what each sorts by are
 * defined here for the server's SQL and the client that places a written row in its pages alike.
 */

/** What the People table can be sorted by: name, along its index. */
export const ADMIN_USER_SORTS = ['name'] as const;
export type TAdminUserSort = (typeof ADMIN_USER_SORTS)[number];

export const ZAdminUserPageQuerySchema = pagedListQuerySchema(ADMIN_USER_SORTS, 'name', {
  /** Only people who can (true) or can no longer (false) sign in. */
  active: ZFlagParamSchema.optional(),
  role: ZRoleSchema.optional(),
  departmentId: z.coerce.number().pipe(ZIdSchema).optional(),
});
export type TAdminUserPageQuery = z.output<typeof ZAdminUserPageQuerySchema>;
/** Which people the table holds: the query less its order and paging. */
export type TAdminUserFilter = Pick<TAdminUserPageQuery, 'q' | 'active' | 'role' | 'departmentId'>;
/** The People table as a screen shows it: which people, and in what order. */
export type TAdminUserListView = TAdminUserFilter & Pick<TAdminUserPageQuery, 'sort' | 'dir'>;

export const ZAdminUserPageSchema = pageSchema(ZAdminUserSchema);
export type TAdminUserPage = z.infer<typeof ZAdminUserPageSchema>;

/** Whether `user` is among the people `filter` holds; the search looks in name, username and department. */
export function adminUserMatches(user: TAdminUser, filter: TAdminUserFilter): boolean {
  if (filter.active !== undefined && user.active !== filter.active) return false;
  if (filter.role !== undefined && user.role !== filter.role) return false;
  if (filter.departmentId !== undefined && user.departmentId !== filter.departmentId) return false;
  return holdsWords(userSearchText(user), searchWords(filter.q));
}

/** What `user` sorts by in `sort`. */
export function adminUserSortKey(user: TAdminUser, sort: TAdminUserSort): TSortKey {
  switch (sort) {
    case 'name':
      return textKey(user.name);
  }
}
