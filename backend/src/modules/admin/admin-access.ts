import { canAdminister } from '@v2mom/contracts';
import { actorOf, authorize } from '../shared/guards.js';
import type { Caller } from '../auth/signed-in-user.js';

const SETTINGS_FORBIDDEN = 'Only people with the settings capability can administer the organisation';

/** Every administration call starts here (docs/PRODUCT.md#administration). */
function requireSettings(user: Caller): void {
  authorize(canAdminister(actorOf(user)), SETTINGS_FORBIDDEN);
}

/** A route handler that first checks `settings`, so no administration handler can forget it. */
export function administered<Context extends { user: Caller }, Answer>(handler: (context: Context) => Answer): (context: Context) => Answer {
  return (context) => {
    requireSettings(context.user);
    return handler(context);
  };
}
