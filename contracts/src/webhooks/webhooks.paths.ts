import { withOperationIds } from '../api/route-table.js';

export const WEBHOOK_PATHS = /* @__PURE__ */ withOperationIds({
  listWebhooks: { method: 'GET', path: '/api/admin/webhooks' },
  createWebhook: { method: 'POST', path: '/api/admin/webhooks' },
  updateWebhook: { method: 'PATCH', path: '/api/admin/webhooks/{id}' },
  deleteWebhook: { method: 'DELETE', path: '/api/admin/webhooks/{id}' },
  listWebhookDeliveries: { method: 'GET', path: '/api/admin/webhooks/{id}/deliveries' },
  sendTestWebhook: { method: 'POST', path: '/api/admin/webhooks/{id}/test' },
  redeliverWebhook: { method: 'POST', path: '/api/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver' },
});
