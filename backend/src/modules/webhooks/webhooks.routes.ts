import { API_ENDPOINTS } from '@v2mom/contracts';
import type { Env } from '../../env.js';
import { route, type ApiRouter } from '../../http/route.js';
import type { Live } from '../../realtime/live.js';
import { administered } from '../admin/admin-access.js';
import { deliveriesQueued } from './deliveries-queued.js';
import { createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, redeliverWebhook, sendTestWebhook, updateWebhook } from './webhooks.service.js';

/**
 * Signed webhooks (docs/PRODUCT.md#webhooks): settings holders only. Each change, once committed,
 * tells settings holders' open screens (docs/PRODUCT.md#live-events).
 */
export function webhooksRoutes(router: ApiRouter, env: Pick<Env, 'WEBHOOK_ALLOW_PRIVATE'>): void {
  const settings = { allowPrivate: env.WEBHOOK_ALLOW_PRIVATE };
  /** A committed change: settings holders' lists learn of it. */
  const told = <T>(live: Live, answer: T): T => {
    live.webhooksChanged();
    return answer;
  };
  /** A delivery made due by hand goes out at once, not at the next minute. */
  const deliverSoon = <T>(live: Live, answer: T): T => {
    deliveriesQueued.emit('committed');
    return told(live, answer);
  };
  route(router, API_ENDPOINTS.listWebhooks, administered(({ em }) => listWebhooks(em)));
  route(router, API_ENDPOINTS.createWebhook, administered(async ({ em, live, body, loadUser }) => told(live, await createWebhook(em, await loadUser(), body, settings))));
  route(router, API_ENDPOINTS.updateWebhook, administered(async ({ em, live, params, body }) => told(live, await updateWebhook(em, params.id, body, settings))));
  route(router, API_ENDPOINTS.deleteWebhook, administered(async ({ em, live, params, loadUser }) => told(live, await deleteWebhook(em, await loadUser(), params.id))));
  route(router, API_ENDPOINTS.listWebhookDeliveries, administered(({ em, params }) => listWebhookDeliveries(em, params.id)));
  route(router, API_ENDPOINTS.sendTestWebhook, administered(async ({ em, live, params, loadUser }) => deliverSoon(live, await sendTestWebhook(em, await loadUser(), params.id))));
  route(router, API_ENDPOINTS.redeliverWebhook, administered(async ({ em, live, params }) => deliverSoon(live, await redeliverWebhook(em, params.id, params.deliveryId))));
}
