import { defineEntity, p } from '@mikro-orm/core';
import type { TWebhookEvent } from '@v2mom/contracts';
import { User } from '../users/user.entity.js';
import { now } from '../../server-clock.js';

/**
 * A receiver of signed messages (docs/PRODUCT.md#webhooks). Its secret signs every delivery, so it
 * is kept as it was made (a digest could not sign); only its creation answers it.
 */
export const WebhookSchema = defineEntity({
  name: 'Webhook',
  properties: {
    id: p.integer().primary(),
    url: p.string().length(2000),
    description: p.string().length(200).default(''),
    events: p.array().$type<TWebhookEvent[]>(),
    /** `whsec_` and base64 bytes, as the Standard Webhooks libraries take it. */
    secret: p.string().length(100),
    enabled: p.boolean().default(true),
    /** Why it was turned off on its own; null while enabled or turned off by hand. */
    disabledReason: p.text().nullable(),
    /** The first failure of the run of failures it is in; null after a delivery succeeds. */
    failingSince: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => now()),
    createdBy: () => p.manyToOne(User).ref().nullable().deleteRule('set null'),
    version: p.integer().version(),
  },
});

export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);
