import type { Logger } from 'pino';
import type { JobQueue, RecurringJob } from '../../jobs/job-queue.js';
import { deliveriesQueued } from './deliveries-queued.js';

/**
 * A job that sends messages to other systems (webhooks, Slack and Teams): every minute for the
 * retries that fall due, and at once whenever a committed write queued some, on whichever server
 * takes it; again at once while a call left more than its batch.
 */
export function deliveryJob({ name, jobs, logger, deliver }: { name: string; jobs: JobQueue; logger: Logger; deliver: () => Promise<{ more: boolean }> }): {
  jobs: RecurringJob[];
  stop(): void;
} {
  // Missed, the minute's pass sends them.
  const soon = () => void jobs.runSoon(name).catch((error: unknown) => logger.warn({ err: error, job: name }, 'Could not ask for a delivery job'));
  deliveriesQueued.on('committed', soon);
  const job: RecurringJob = {
    name,
    cron: '* * * * *',
    async run() {
      if ((await deliver()).more) soon();
    },
  };
  return { jobs: [job], stop: () => deliveriesQueued.off('committed', soon) };
}
