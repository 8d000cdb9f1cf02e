import { API_ENDPOINTS } from '@v2mom/contracts';
import { PAGED, route, type ApiRouter } from '../../http/route.js';
import { listValues } from '../values/values.service.js';
import { readV2momPage } from './v2mom-page.read.js';
import { readAlignedPage, readAlignmentRoots } from './aligned-page.read.js';
import { readV2momPath } from './v2mom-path.read.js';
import { readAlignmentAwaiting } from './alignment-awaiting.read.js';
import { readStartMine } from './start-mine.read.js';
import { approveV2mom, requestV2momChanges, submitV2mom } from './approval.service.js';
import { readAwaitingApproval } from './awaiting-approval.read.js';
import { startNextYear } from './next-year.service.js';
import { createV2momDocument, saveV2momDocument } from './v2mom-document.service.js';
import { createV2mom, deleteV2mom, getV2momComplete, updateV2mom } from './v2moms.service.js';

export function v2momsRoutes(router: ApiRouter): void {
  route(router, API_ENDPOINTS.listV2momPage, ({ em, user, query }) => readV2momPage(em, query, user), PAGED);
  route(router, API_ENDPOINTS.startMyV2mom, ({ em, user, query }) => readStartMine(em, user, query.year));
  route(router, API_ENDPOINTS.listAlignedV2moms, ({ em, user, params, query }) => readAlignedPage(em, params.id, query, user), PAGED);
  route(router, API_ENDPOINTS.listAlignmentRoots, ({ em, user, query }) => readAlignmentRoots(em, query, user), PAGED);
  route(router, API_ENDPOINTS.listAlignmentAwaiting, ({ em, user, query }) => readAlignmentAwaiting(em, user, query), PAGED);
  route(router, API_ENDPOINTS.getV2momPath, ({ em, params }) => readV2momPath(em, params.id));
  route(router, API_ENDPOINTS.getV2momComplete, ({ em, user, params }) => getV2momComplete(em, params.id, user));
  route(router, API_ENDPOINTS.listV2momValues, ({ em, params }) => listValues(em, params.id));
  route(router, API_ENDPOINTS.createV2mom, async ({ em, body, loadUser }) => createV2mom(em, await loadUser(), body));
  route(router, API_ENDPOINTS.createV2momComplete, async ({ em, body, loadUser }) => createV2momDocument(em, await loadUser(), body));
  route(router, API_ENDPOINTS.updateV2mom, ({ em, user, params, body }) => updateV2mom(em, user, params.id, body));
  route(router, API_ENDPOINTS.saveV2momComplete, async ({ em, params, body, loadUser }) => saveV2momDocument(em, await loadUser(), params.id, body));
  route(router, API_ENDPOINTS.startNextYear, ({ em, user, params, body }) => startNextYear(em, user, params.id, body));
  route(router, API_ENDPOINTS.submitV2mom, ({ em, user, params, body }) => submitV2mom(em, user, params.id, body));
  route(router, API_ENDPOINTS.approveV2mom, ({ em, user, params, body }) => approveV2mom(em, user, params.id, body));
  route(router, API_ENDPOINTS.requestV2momChanges, ({ em, user, params, body }) => requestV2momChanges(em, user, params.id, body));
  route(router, API_ENDPOINTS.listAwaitingApproval, ({ em, user, query }) => readAwaitingApproval(em, user, query), PAGED);
  route(router, API_ENDPOINTS.deleteV2mom, ({ em, user, params, query }) => deleteV2mom(em, user, params.id, query.version, query.aligned));
}
