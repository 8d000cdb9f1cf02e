import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../email/mailer.js';
import { deliverDueWebhooks } from './deliver-webhooks.js';
import { deliveryJob } from './delivery-job.js';

/** Webhook delivery as a job (docs/PRODUCT.md#webhooks). */
export function webhookJobs({ orm, jobs, logger, mailer, allowPrivate }: { orm: MikroORM; jobs: JobQueue; logger: Logger; mailer: Mailer; allowPrivate: boolean }) {
  return deliveryJob({ name: 'webhook-delivery', jobs, logger, deliver: () => deliverDueWebhooks({ orm, allowPrivate, emails: mailer.settings }) });
}
