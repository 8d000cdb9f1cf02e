import { Router } from 'express';
import type { MikroORM } from '@mikro-orm/core';
import type { Env } from '../env.js';
import { authRoutes } from './auth/auth.routes.js';

export interface ModuleContext {
  orm: MikroORM;
  env: Env;
}

/** Every /api router that needs a signed-in user; app.ts mounts them behind requireAuth. */
export function protectedApiRoutes(_context: ModuleContext): Router {
  const router = Router();
  router.use('/auth', authRoutes());
  return router;
}
