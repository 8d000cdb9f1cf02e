import { defineEndpoints, SESSION_READ_RESPONSES } from '../api/endpoint.js';
import { ZTeamProgressSchema } from './team.schemas.js';
import { TEAM_PATHS } from './team.paths.js';

export const TEAM_ENDPOINTS = defineEndpoints(TEAM_PATHS, {
  getTeamProgress: {
    summary: 'One row per team member: methods on track, latest change, latest V2MOM',
    tag: 'team',
    access: 'session',
    responses: { ...SESSION_READ_RESPONSES, 200: ZTeamProgressSchema },
  },
});
