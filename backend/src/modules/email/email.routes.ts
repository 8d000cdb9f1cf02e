import { API_ENDPOINTS, PATHS } from '@v2mom/contracts';
import { route, type ApiRouter } from '../../http/route.js';
import { administered } from '../admin/admin-access.js';
import { checkUnsubscribeToken, getEmailStatus, getOutboxMessage, listOutbox, unsubscribe } from './email.service.js';
import type { Mailer } from './mailer.js';

/** The Email tab's reads behind `settings`, and the unsubscribe link every email carries (docs/PRODUCT.md#email). */
export function emailRoutes(router: ApiRouter, mailer: Mailer): void {
  route(router, API_ENDPOINTS.getEmailStatus, administered(({ em }) => getEmailStatus(em, mailer)));
  route(router, API_ENDPOINTS.listEmailOutbox, administered(({ em, query }) => listOutbox(em, query)));
  route(router, API_ENDPOINTS.getEmailOutboxMessage, administered(({ em, params }) => getOutboxMessage(em, params.id)));
  route(router, API_ENDPOINTS.unsubscribeByEmailLink, ({ em, params }) => unsubscribe(em, mailer.settings.unsubscribeKey, params.token));
  // A GET changes nothing, so a mail scanner that opens every link unsubscribes nobody.
  route(router, API_ENDPOINTS.openEmailUnsubscribeLink, ({ params, redirect }) => {
    checkUnsubscribeToken(mailer.settings.unsubscribeKey, params.token);
    return redirect(PATHS.account);
  });
}
