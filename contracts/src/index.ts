export * from './common/errors.schemas.js';
export * from './users/roles.js';
export * from './users/user.schemas.js';
export * from './auth/auth.schemas.js';
export * from './auth/access.js';
