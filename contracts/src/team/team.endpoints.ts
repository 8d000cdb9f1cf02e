import { defineEndpoints, SESSION_READ_RESPONSES } from '../api/endpoint.js';
import { ZItemCountsQuerySchema, ZItemCountsSchema } from './item-counts.js';
import { ZItemPageQuerySchema, ZItemPageSchema } from './item-page.js';
import { ZTeamStatusCountsQuerySchema, ZTeamStatusCountsSchema } from './team-status-counts.js';
import { ZTeamProgressPageQuerySchema, ZTeamProgressPageSchema } from './team.schemas.js';
import { TEAM_PATHS } from './team.paths.js';

export const TEAM_ENDPOINTS = defineEndpoints(TEAM_PATHS, {
  getTeamProgress: {
    summary: 'Team members a page at a time: methods on track, latest change, latest V2MOM',
    tag: 'team',
    access: 'session',
    query: ZTeamProgressPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZTeamProgressPageSchema },
  },
  listItemPage: {
    summary: "The Items List's All Items: methods and obstacles in one list, a page at a time",
    tag: 'team',
    access: 'session',
    query: ZItemPageQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZItemPageSchema },
  },
  countItems: {
    summary: "How many rows each of the Items List's tabs holds for a search",
    tag: 'team',
    access: 'session',
    query: ZItemCountsQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZItemCountsSchema },
  },
  countTeamStatus: {
    summary: "How many methods a department has, and how many of them are stale: Team Status's overview",
    tag: 'team',
    access: 'session',
    query: ZTeamStatusCountsQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZTeamStatusCountsSchema },
  },
});
