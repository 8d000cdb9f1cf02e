import { defineEndpoints, SESSION_READ_RESPONSES } from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema } from '../common/fields.schemas.js';
import { ZMethodListSchema } from '../methods/method.schemas.js';
import { ZV2momListSchema } from '../v2moms/v2mom.schemas.js';
import { ZDepartmentListSchema } from './department.schemas.js';
import { ZUserPageQuerySchema, ZUserPageSchema } from './user-page.js';
import { USER_PATHS } from './users.paths.js';

export const USER_ENDPOINTS = defineEndpoints(USER_PATHS, {
  listUserPage: {
    summary: 'A page of people by name, those whose name, username or department hold the search',
    tag: 'users',
    access: 'session',
    query: ZUserPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZUserPageSchema },
  },
  listUserV2moms: {
    summary: "One user's V2MOMs (My V2MOM lists the signed-in user's)",
    tag: 'users',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZV2momListSchema, 404: ZErrorBodySchema },
  },
  listUserMethods: {
    summary: 'The methods one user owns',
    tag: 'users',
    access: 'session',
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZMethodListSchema, 404: ZErrorBodySchema },
  },
  listDepartments: {
    summary: 'The department list, sorted by name',
    tag: 'departments',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZDepartmentListSchema },
  },
});
