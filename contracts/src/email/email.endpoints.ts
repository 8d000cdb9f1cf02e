import {
  defineEndpoints,
  PUBLIC_READ_RESPONSES,
  PUBLIC_WRITE_RESPONSES,
  RULE_SETTINGS,
  SEE_OTHER,
  SESSION_READ_RESPONSES,
} from '../api/endpoint.js';
import { ZErrorBodySchema } from '../common/errors.schemas.js';
import { ZIdParamsSchema } from '../common/fields.schemas.js';
import { EMAIL_PATHS } from './email.paths.js';
import {
  ZEmailStatusSchema,
  ZOutboxMessageSchema,
  ZOutboxPageSchema,
  ZOutboxQuerySchema,
  ZUnsubscribedSchema,
  ZUnsubscribeParamsSchema,
} from './email.schemas.js';

/**
 * Email (docs/PRODUCT.md#email): the outbox and the SMTP server for `settings` holders, and the
 * one-click unsubscribe link every email carries, which works without a session.
 */
export const EMAIL_ENDPOINTS = defineEndpoints(EMAIL_PATHS, {
  getEmailStatus: {
    summary: 'Whether an SMTP server is set and answers, the sender, the rate, and how many messages stand where',
    tag: 'email',
    access: 'session',
    rule: RULE_SETTINGS,
    responses: { ...SESSION_READ_RESPONSES, 200: ZEmailStatusSchema },
  },
  listEmailOutbox: {
    summary: 'The outbox, newest first, a page at a time',
    tag: 'email',
    access: 'session',
    rule: RULE_SETTINGS,
    query: ZOutboxQuerySchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZOutboxPageSchema },
  },
  getEmailOutboxMessage: {
    summary: 'One message of the outbox whole: its HTML and text bodies and its headers',
    tag: 'email',
    access: 'session',
    rule: RULE_SETTINGS,
    params: ZIdParamsSchema,
    responses: { ...SESSION_READ_RESPONSES, 200: ZOutboxMessageSchema, 404: ZErrorBodySchema },
  },
  unsubscribeByEmailLink: {
    summary:
      "One-click unsubscribe (RFC 8058): turns off the email the link names for the person it names; takes a form body " +
      '`List-Unsubscribe=One-Click` or none (404 for a link whose signature does not hold or whose person is gone)',
    tag: 'email',
    access: 'public',
    params: ZUnsubscribeParamsSchema,
    responses: { ...PUBLIC_WRITE_RESPONSES, 200: ZUnsubscribedSchema, 404: ZErrorBodySchema },
  },
  openEmailUnsubscribeLink: {
    summary:
      'The unsubscribe link opened in a browser: changes nothing, and sends it to the notification settings on /account ' +
      '(404 for a link whose signature does not hold)',
    tag: 'email',
    access: 'public',
    params: ZUnsubscribeParamsSchema,
    responses: { ...PUBLIC_READ_RESPONSES, 303: SEE_OTHER, 404: ZErrorBodySchema },
  },
});
