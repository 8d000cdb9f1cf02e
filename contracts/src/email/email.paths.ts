import { withOperationIds } from '../api/route-table.js';

export const EMAIL_PATHS = /* @__PURE__ */ withOperationIds({
  getEmailStatus: { method: 'GET', path: '/api/email/status' },
  listEmailOutbox: { method: 'GET', path: '/api/email/outbox' },
  getEmailOutboxMessage: { method: 'GET', path: '/api/email/outbox/{id}' },
  unsubscribeByEmailLink: { method: 'POST', path: '/api/email/unsubscribe/{token}' },
  openEmailUnsubscribeLink: { method: 'GET', path: '/api/email/unsubscribe/{token}' },
});
