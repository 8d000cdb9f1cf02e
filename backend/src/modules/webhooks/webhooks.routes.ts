import { API_ENDPOINTS } from '@v2mom/contracts';
import type { Env } from '../../env.js';
import { route, type ApiRouter } from '../../http/route.js';
import { administered } from '../admin/admin-access.js';
import { deliveriesQueued } from './deliveries-queued.js';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, sendTestWebhook, updateWebhook } from './webhooks.service.js';

/** Signed webhooks (docs/PRODUCT.md#webhooks): settings holders only. */
export function webhooksRoutes(router: ApiRouter, env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE'>): void {
  const settings = { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE };
  /** A delivery made due by hand goes out at once, not at the next minute. */
  const deliverSoon = <T>(answer: T): T => {
    deliveriesQueued.emit('committed');
    return answer;
  };
  route(router, API_ENDPOINTS.listWebhooks, administered(({ em }) => listWebhooks(em)));
  route(router, API_ENDPOINTS.createWebhook, administered(({ em, user, body }) => createWebhook(em, user, body, settings)));
  route(router, API_ENDPOINTS.updateWebhook, administered(({ em, params, body }) => updateWebhook(em, params.id, body, settings)));
  route(router, API_ENDPOINTS.deleteWebhook, administered(({ em, user, params }) => deleteWebhook(em, user, params.id)));
  route(router, API_ENDPOINTS.listWebhookDeliveries, administered(({ em, params }) => listWebhookDeliveries(em, params.id)));
  route(router, API_ENDPOINTS.sendTestWebhook, administered(async ({ em, user, params }) => deliverSoon(await sendTestWebhook(em, user, params.id))));
  route(router, API_ENDPOINTS.redeliverWebhook, administered(async ({ em, params }) => deliverSoon(await redeliverWebhook(em, params.id, params.deliveryId))));
}
