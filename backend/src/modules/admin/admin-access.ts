import { canAdminister } from '@v2mom/contracts';
import { actorOf, authorize } from '../shared/guards.js';
import type { User } from '../users/user.entity.js';

const SETTINGS_FORBIDDEN = 'Only people with the settings capability can administer the organisation';

/** Every administration call starts here (docs/PRODUCT.md#administration). */
export function requireSettings(user: User): void {
  authorize(canAdminister(actorOf(user)), SETTINGS_FORBIDDEN);
}
