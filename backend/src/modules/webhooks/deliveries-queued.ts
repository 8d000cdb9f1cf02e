import { EventEmitter } from 'node:events';

/**
 * Heard once a transaction that wrote webhook deliveries has committed: the app asks the job queue
 * to deliver at once (app.ts), so a receiver hears of a write in seconds, not at the next minute.
 */
export const deliveriesQueued = new EventEmitter<{ committed: [] }>();
