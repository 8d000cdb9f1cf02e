import { EventEmitter } from 'node:events';

/**
 * Heard once a transaction that wrote webhook deliveries or Slack and Teams posts has committed:
 * each delivery job asks the job queue to run at once (delivery-job.ts), so a receiver hears of a
 * write in seconds, not at the next minute.
 */
export const deliveriesQueued = new EventEmitter<{ committed: [] }>();
