import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Live } from '../../realtime/live.js';
import type { Mailer } from '../email/mailer.js';
import { deliverDueWebhooks } from './deliver-webhooks.js';
import { deliveryJob } from './delivery-job.js';

/**
 * Webhook delivery as a job (docs/PRODUCT.md#webhooks); a pass that attempted some, or turned a
 * webhook off, tells settings holders' open delivery logs (docs/PRODUCT.md#live-events).
 */
export function webhookJobs({ orm, live, jobs, logger, mailer, allowPrivate }: { orm: MikroORM; live: Pick<Live, 'webhooksChanged'>; jobs: JobQueue; logger: Logger; mailer: Mailer; allowPrivate: boolean }) {
  const deliver = async () => {
    const report = await deliverDueWebhooks({ orm, allowPrivate, emails: mailer.settings });
    if (report.delivered + report.failed + report.disabled.length > 0) live.webhooksChanged();
    return report;
  };
  return deliveryJob({ name: 'webhook-delivery', jobs, logger, deliver });
}
