import type { MikroORM } from '@mikro-orm/core';
import type { Logger } from 'pino';
import type { JobQueue, RecurringJob } from '../../jobs/job-queue.js';
import type { Mailer } from '../email/mailer.js';
import { deliveriesQueued } from './deliveries-queued.js';
import { deliverDueWebhooks } from './deliver-webhooks.js';

const WEBHOOK_DELIVERY_JOB = 'webhook-delivery';

/**
 * Webhook delivery as a job (docs/PRODUCT.md#webhooks): every minute for the retries that fall due,
 * and at once whenever a committed write queued deliveries, on whichever server takes it.
 */
export function webhookJobs({ orm, jobs, logger, mailer, allowPrivate }: { orm: MikroORM; jobs: JobQueue; logger: Logger; mailer: Mailer; allowPrivate: boolean }): { jobs: RecurringJob[]; stop(): void } {
  // Missed, the minute's pass delivers them.
  const soon = () => void jobs.runSoon(WEBHOOK_DELIVERY_JOB).catch((error: unknown) => logger.warn({ err: error }, 'Could not ask for webhook delivery'));
  deliveriesQueued.on('committed', soon);
  const delivery: RecurringJob = {
    name: WEBHOOK_DELIVERY_JOB,
    cron: '* * * * *',
    async run() {
      const report = await deliverDueWebhooks({ orm, allowPrivate, emails: mailer.settings });
      if (report.more) soon();
    },
  };
  return { jobs: [delivery], stop: () => deliveriesQueued.off('committed', soon) };
}
