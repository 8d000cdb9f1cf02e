import { z } from 'zod';
import { ZIdSchema } from '../common/fields.schemas.js';
import { MAX_PAGE_SIZE, pageSchema, ZFlagParamSchema, pagedListQuerySchema } from '../common/page.js';
import { holdsWords, searchWords, textKey, type TSortKey } from '../common/list-order.js';
import { ZUserListItemSchema, type TUserListItem } from './user.schemas.js';

/**
 * GET /api/users/search: people a page at a time, by name, for the pickers that search as one
 * types (docs/PRODUCT.md#paged-lists). Which people a search holds and what each sorts by are
 * defined here for the server's SQL and a client placing a live row alike.
 */

/** What a people list can be sorted by. */
export const USER_SORTS = ['name'] as const;
export type TUserSort = (typeof USER_SORTS)[number];

/** `ids=3,7,12`: the people a screen needs by name, and only those. */
const ZIdListParamSchema = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'ids is a comma-separated list of user ids')
  .transform((text) => text.split(',').map(Number))
  .pipe(z.array(ZIdSchema).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} ids`));

export const ZUserPageQuerySchema = pagedListQuerySchema(USER_SORTS, 'name', {
  /** Only people who can (true) or can no longer (false) sign in: mentions offer active people. */
  active: ZFlagParamSchema.optional(),
  /** Only the person 'Only {name} can …' messages name (docs/PRODUCT.md#named-holder): at most one. */
  structureContact: ZFlagParamSchema.optional(),
  ids: ZIdListParamSchema.optional(),
});
export type TUserPageQuery = z.output<typeof ZUserPageQuerySchema>;
/** Which people a list holds. */
export type TUserFilter = Pick<TUserPageQuery, 'q' | 'active' | 'structureContact' | 'ids'>;
/** A people list as a picker shows it. */
export type TUserListView = TUserFilter & Pick<TUserPageQuery, 'sort' | 'dir'>;

export const ZUserPageSchema = pageSchema(ZUserListItemSchema);
export type TUserPage = z.infer<typeof ZUserPageSchema>;

/** The text a people search looks in: name, username and department. */
export function userSearchText(user: Pick<TUserListItem, 'name' | 'username' | 'department'>): string {
  return [user.name, user.username, user.department].join(' ');
}

/** Whether `user` is among the people `filter` lists. */
export function userMatches(user: TUserListItem, filter: TUserFilter): boolean {
  if (filter.active !== undefined && user.active !== filter.active) return false;
  if (filter.structureContact !== undefined && user.structureContact !== filter.structureContact) return false;
  if (filter.ids !== undefined && !filter.ids.includes(user.id)) return false;
  return holdsWords(userSearchText(user), searchWords(filter.q));
}

/** What `user` sorts by in `sort`. */
export function userSortKey(user: TUserListItem, sort: TUserSort): TSortKey {
  switch (sort) {
    case 'name':
      return textKey(user.name);
  }
}
