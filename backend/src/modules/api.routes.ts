import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import type { Env } from '../env.js';
import { assistantRoutes } from './assistant/assistant.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import type { LoginThrottle } from './auth/login-throttle.js';
import { measuresRoutes } from './measures/measures.routes.js';
import { methodsRoutes } from './methods/methods.routes.js';
import { obstaclesRoutes } from './obstacles/obstacles.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { departmentsRoutes } from './departments/departments.routes.js';
import { teamRoutes } from './team/team.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { v2momsRoutes } from './v2moms/v2moms.routes.js';
import { valuesRoutes } from './values/values.routes.js';

export interface ModuleContext {
  orm: MikroORM;
  env: Env;
  /** The one login throttle, which the password change also counts against. */
  throttle: LoginThrottle;
}

/** Every /api router that needs a signed-in user; app.ts mounts them behind requireAuth. */
export function protectedApiRoutes(context: ModuleContext): Router {
  const router = Router();
  router.use('/auth', authRoutes(context));
  router.use('/methods', methodsRoutes());
  router.use('/obstacles', obstaclesRoutes());
  router.use('/measures', measuresRoutes());
  router.use('/tasks', tasksRoutes());
  router.use('/v2moms', v2momsRoutes());
  router.use('/values', valuesRoutes());
  router.use('/users', usersRoutes());
  router.use('/departments', departmentsRoutes());
  router.use('/team', teamRoutes());
  router.use('/chat', assistantRoutes(context));
  return router;
}
