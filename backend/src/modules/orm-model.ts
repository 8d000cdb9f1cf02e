import type { OrmModel } from '../db/orm.config.js';
import { entities } from './entities.js';
import { FLUSH_STEPS } from './write-effects.js';

/** The application's entities, and what every flush runs (write-effects.ts). */
export const ormModel: OrmModel = {
  entities,
  subscribers: () => FLUSH_STEPS.map((step) => step.subscriber()),
};
