import type { OrmModel } from '../db/orm.config.js';
import { ChangeLogSubscriber } from './change-log/change-log.subscriber.js';
import { CheckInSubscriber } from './checkins/check-in.subscriber.js';
import { entities } from './entities.js';
import { NotificationSubscriber } from './notifications/notification.subscriber.js';
import { ReviewedGoalsGuard } from './quarter-reviews/reviewed-goals.guard.js';
import { ClosedYearGuard } from './v2moms/closed-year.guard.js';

/** The application's entities, and what every flush runs: the save-time guards, the change log, check-ins and notifications. */
export const ormModel: OrmModel = {
  entities,
  subscribers: () => [new ReviewedGoalsGuard(), new ChangeLogSubscriber(), new CheckInSubscriber(), new NotificationSubscriber(), new ClosedYearGuard()],
};
